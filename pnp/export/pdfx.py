"""PDF/X-4 documents: what a print shop's preflight asks of a PDF, on a reportlab canvas.

PDF/X-4 (ISO 15930-7) is the exchange format shops name for print-ready
files. Beyond an ordinary PDF it wants: the printing condition the colours
were made for, with its ICC profile embedded (the output intent); XMP
metadata that names the standard and repeats the Info dictionary's title and
dates; ``Trapped`` said outright; every font embedded; a trim box and a bleed
box on every page; and no device colour but the press's. The canvas made here
covers the document-wide part; the pages' boxes and the colours are the
caller's (:mod:`pnp.export.shop_pages`, through :class:`pnp.export.press.Press`).
"""

from __future__ import annotations

import io
import uuid
from typing import Any
from xml.sax.saxutils import escape

from pnp import __version__
from pnp.export import pdf
from pnp.export.press import CONDITION, CONDITION_INFO, REGISTRY, profile_bytes
from pnp.export.reportlab_private import add_info, add_metadata, add_output_intent, creation_date

PDFX_VERSION = "PDF/X-4"
PDF_VERSION = (1, 6)  # the newest PDF/X-4 allows


def pdfx_canvas(buffer: io.BytesIO, title: str, subject: str) -> Any:
    """A canvas whose document is PDF/X-4 for the FOGRA39 press once its pages have boxes."""
    canvas = pdf.new_canvas(buffer, 72.0, 72.0, title, subject, PDF_VERSION)
    add_output_intent(canvas, profile_bytes(), CONDITION, CONDITION_INFO, REGISTRY)
    add_info(canvas, {"GTS_PDFXVersion": PDFX_VERSION})
    add_metadata(canvas, xmp(title, subject, _xmp_date(creation_date(canvas))))
    return canvas


def _xmp_date(pdf_date: str) -> str:
    """``D:20000101000000+00'00'`` as XMP writes it, ``2000-01-01T00:00:00+00:00``."""
    digits = pdf_date.removeprefix("D:")
    zone = digits[14:].replace("'", "")
    zone = "+00:00" if zone in ("", "Z") else f"{zone[:3]}:{zone[3:5]}"
    return (f"{digits[0:4]}-{digits[4:6]}-{digits[6:8]}T{digits[8:10]}:{digits[10:12]}:"
            f"{digits[12:14]}{zone}")


def xmp(title: str, subject: str, date: str) -> bytes:
    """The XMP packet: the standard's name, the Info dictionary's title, producer and dates,
    and a document id that is the same for the same title (so builds repeat)."""
    document = uuid.uuid5(uuid.NAMESPACE_URL, f"pnp:{title}")
    tool = f"pnp {__version__}"
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>pnp</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt>
    <rdf:li xml:lang="x-default">{escape(subject)}</rdf:li>
   </rdf:Alt></dc:description>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{tool}</xmp:CreatorTool>
   <pdf:Producer>{tool}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()
