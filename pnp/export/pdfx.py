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

import hashlib
import io
import re
import uuid
import xml.etree.ElementTree as ET
from typing import Any

from pnp import __version__
from pnp.export import pdf
from pnp.export.press import profile_bytes
from pnp.export.reportlab_private import add_info, add_metadata, add_output_intent, creation_date
from pnp.model.shops import PDF_X4, REGISTRY, Standard

# Stand-ins for the ids, replaced once the file's bytes are known (:func:`identified`):
# the same length as the real ones, so no offset in the file moves.
_DOCUMENT_SLOT = "uuid:00000000-0000-5000-8000-00000000d0c0"
_INSTANCE_SLOT = "uuid:00000000-0000-5000-8000-0000000015a0"
_TRAILER_ID = re.compile(rb"/ID\s*\[<([0-9a-fA-F]{32})><([0-9a-fA-F]{32})>\]")


def pdfx_canvas(buffer: io.BytesIO, title: str, subject: str, keywords: str,
                standard: Standard = PDF_X4) -> Any:
    """A canvas whose document is ``standard`` (PDF/X-4 for the FOGRA39 press, or
    PDF/X-1a for SWOP) once its pages have boxes; its bytes are finished by
    :func:`identified`."""
    canvas = pdf.new_canvas(buffer, 72.0, 72.0, title, subject, standard.pdf_version)
    canvas.setKeywords(keywords)
    add_output_intent(canvas, profile_bytes() if standard.embeds_profile else None,
                      standard.condition, standard.condition_info, REGISTRY)
    add_info(canvas, {"GTS_PDFXVersion": standard.name})
    add_metadata(canvas, xmp(title, subject, _xmp_date(creation_date(canvas)), keywords,
                             standard.name))
    return canvas


def identified(data: bytes) -> bytes:
    """The finished file with ids made from its own bytes: XMP's DocumentID and InstanceID
    and the trailer's /ID, so two files that differ in a byte (the same product for two
    shops) never share an id, and a rebuild of the same bytes gets the same ones."""
    digest = hashlib.sha256(data).digest()
    document = f"uuid:{uuid.UUID(bytes=digest[:16], version=5)}"
    instance = f"uuid:{uuid.UUID(bytes=digest[16:], version=5)}"
    assert len(document) == len(_DOCUMENT_SLOT) and data.count(_DOCUMENT_SLOT.encode()) == 1
    data = data.replace(_DOCUMENT_SLOT.encode(), document.encode()).replace(
        _INSTANCE_SLOT.encode(), instance.encode())
    # the first id names the document, the second this version of it (ISO 32000, 14.4)
    first, second = digest[:16].hex().encode(), digest[16:].hex().encode()
    return _TRAILER_ID.sub(lambda found: found.group(0).replace(found.group(1), first, 1)
                           .replace(found.group(2), second), data)


def _xmp_date(pdf_date: str) -> str:
    """``D:20000101000000+00'00'`` as XMP writes it, ``2000-01-01T00:00:00+00:00``."""
    digits = pdf_date.removeprefix("D:")
    zone = digits[14:].replace("'", "")
    zone = "+00:00" if zone in ("", "Z") else f"{zone[:3]}:{zone[3:5]}"
    return (f"{digits[0:4]}-{digits[4:6]}-{digits[6:8]}T{digits[8:10]}:{digits[10:12]}:"
            f"{digits[12:14]}{zone}")


_NAMESPACES = {
    "x": "adobe:ns:meta/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/", "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdf": "http://ns.adobe.com/pdf/1.3/", "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
}
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _tag(prefixed: str) -> str:
    prefix, name = prefixed.split(":")
    return f"{{{_NAMESPACES[prefix]}}}{name}"


def _container(parent: ET.Element, kind: str, value: str, language: bool) -> None:
    """A Dublin Core value in its RDF container: one item of an Alt (by language) or Seq."""
    item = ET.SubElement(ET.SubElement(parent, _tag(f"rdf:{kind}")), _tag("rdf:li"))
    if language:
        item.set(_XML_LANG, "x-default")
    item.text = value


def xmp(title: str, subject: str, date: str, keywords: str,
        version: str = PDF_X4.name) -> bytes:
    """The XMP packet: the standard's name, the Info dictionary's title, keywords,
    producer and dates, and the slots of the ids :func:`identified` fills from the
    file's bytes. Built as an XML tree, so a title with ``<`` or ``&`` in it is written
    as text."""
    tool = f"pnp {__version__}"
    for prefix, uri in _NAMESPACES.items():
        ET.register_namespace(prefix, uri)
    root = ET.Element(_tag("x:xmpmeta"))
    about = ET.SubElement(ET.SubElement(root, _tag("rdf:RDF")), _tag("rdf:Description"),
                          {_tag("rdf:about"): ""})
    ET.SubElement(about, _tag("dc:format")).text = "application/pdf"
    _container(ET.SubElement(about, _tag("dc:title")), "Alt", title, True)
    _container(ET.SubElement(about, _tag("dc:creator")), "Seq", "pnp", False)
    _container(ET.SubElement(about, _tag("dc:description")), "Alt", subject, True)
    for name, value in (("xmp:CreateDate", date), ("xmp:ModifyDate", date),
                        ("xmp:MetadataDate", date), ("xmp:CreatorTool", tool),
                        ("pdf:Producer", tool), ("pdf:Keywords", keywords),
                        ("pdf:Trapped", "False"),
                        ("xmpMM:DocumentID", _DOCUMENT_SLOT),
                        ("xmpMM:InstanceID", _INSTANCE_SLOT),
                        ("xmpMM:VersionID", "1"), ("xmpMM:RenditionClass", "default"),
                        ("pdfxid:GTS_PDFXVersion", version)):
        ET.SubElement(about, _tag(name)).text = value
    body = ET.tostring(root, encoding="unicode")
    return (f'<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n{body}\n'
            f'<?xpacket end="w"?>').encode()
