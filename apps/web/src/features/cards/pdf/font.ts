/**
 * The PDF's font: Noto Sans, the one font the project ships (SIL OFL 1.1, beside it in
 * apps/server/assets/fonts). PDF's built-in fonts have no ğ, ş or ı, so Turkish needs an embedded one.
 */
import type { jsPDF } from 'jspdf';
import fontUrl from '../../../../../server/assets/fonts/NotoSans-Regular.ttf?url';

/** The family name the PDF, its chart's SVG and the chart's text measuring share. */
export const PDF_FONT = 'NotoSansPDF';
const FILE = 'NotoSans-Regular.ttf';

let bytes: Promise<ArrayBuffer> | null = null;

/** The font file, fetched once per page load (it is only needed when a PDF is made). */
function fontBytes(): Promise<ArrayBuffer> {
  bytes ??= fetch(fontUrl).then((r) => {
    if (!r.ok) throw new Error(`font: ${r.status}`);
    return r.arrayBuffer();
  });
  bytes.catch(() => {
    bytes = null;
  });
  return bytes;
}

function base64(buffer: ArrayBuffer): string {
  const data = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000)
    binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Loads the font into the page (so the chart measures its labels with it) and into the PDF; the
 * bold style is the same face, so nothing asks jsPDF for a font it lacks.
 */
export async function loadFont(doc: jsPDF): Promise<void> {
  const data = await fontBytes();
  if (![...document.fonts].some((f) => f.family === PDF_FONT)) {
    const face = new FontFace(PDF_FONT, data);
    document.fonts.add(await face.load());
  }
  doc.addFileToVFS(FILE, base64(data));
  doc.addFont(FILE, PDF_FONT, 'normal');
  doc.addFont(FILE, PDF_FONT, 'bold');
  doc.setFont(PDF_FONT, 'normal');
}
