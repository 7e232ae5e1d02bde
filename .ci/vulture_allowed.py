"""Names vulture cannot see used: each is called or read by a framework, by name.

`make check-shape` runs vulture over pnp and bench with this file; a name is
listed here only with what reads it. The package keeps no code for its tests
alone, with one exception, said where it is listed.
"""

# ruff: noqa: B018, F821  (each line names a name, and that is all it does)

# the zygote's warm-up imports modules for their loading alone (pnp.assemble.jobs.warm_up)
pnp

# click commands: called by the command line, through their decorators
validate
list_games
tts
calibrate
set_profile
show_profile
list_profiles
remove_profile
studio
watch
_.get_metavar  # a click parameter type's help text

# reportlab calls these on our flowables, documents, canvases and filters, and reads
# these attributes from the objects we hand it
_.getCode  # our recorder's code, asked for by reportlab's form writer
pdfname  # a stream filter's name in the PDF
_.MediaBox
_.XObject
_._ID
_._doSave
_.OutputIntents
_.Metadata
_._dataA
_.hAlign
_.handle_keepWithNext
_.afterFlowable

# svglib asks our font map for a face
_.find_font

# a lazily imported rules function keeps the name and words of the function it stands for
_.__qualname__

# the exception: Demon Mine's burrowing rule as its book states it, whole. The simulator
# answers the same rule square by square in a faster order; the tests state the book's
# cases against this one
can_burrow

# Gold Mine's published split, read field by field through the check's field list
chambers_with_secret_passage
tunnels_with_secret_passage
tunnels_with_mud

# ruamel.yaml's round-trip settings, read by its dumper
_.preserve_quotes
_.brace_single_entry_mapping_in_flow_sequence

# http.server: the studio's handler and server, called and read by the standard library
protocol_version
server_version
sys_version
_.log_message
_.do_GET
_.do_POST
_.close_connection
daemon_threads
_.handle_error
