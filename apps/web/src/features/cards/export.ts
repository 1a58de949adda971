import { MAX_CARD_IMAGE_BYTES, type TCardRow, type TEmailCardBody } from '@parley/contract';
import { toCsv, toTsv } from '@parley/presenter';
import type { ViewType } from './views';

/** PDF settings (spec 2 §2): landscape letter, margins 0.5 / 2 / 0.5 / 2 in, jpeg quality 0.98. */
export const PDF_OPTIONS = {
  margin: [0.5, 2, 0.5, 2] as [number, number, number, number],
  filename: 'export.pdf',
  image: { type: 'jpeg' as const, quality: 0.98 },
  html2canvas: { scale: 2, useCORS: true, backgroundColor: '#ffffff', logging: false },
  jsPDF: { unit: 'in', format: 'letter', orientation: 'landscape' as const },
};
export const PNG_FILENAME = 'export.png';
export const CSV_FILENAME = 'export.csv';

/** Saves a Blob or data URL as a download. */
export function download(data: Blob | string, filename: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The card's PDF, made by html2pdf.js (loaded only now: it is a large chunk). */
export async function exportPdf(node: HTMLElement): Promise<void> {
  const { default: html2pdf } = await import('html2pdf.js');
  await html2pdf().set(PDF_OPTIONS).from(node).save();
}

/** A PNG data URL of a DOM node, through html2canvas (a dependency of html2pdf.js, lazy). */
export async function nodeToPng(node: HTMLElement): Promise<string> {
  const { default: html2canvas } = await import('html2canvas');
  const canvas = await html2canvas(node, {
    backgroundColor: '#ffffff',
    scale: 2,
    useCORS: true,
    logging: false,
  });
  return canvas.toDataURL('image/png');
}

export function exportCsv(rows: readonly TCardRow[]): void {
  download(new Blob([`\uFEFF${toCsv(rows)}`], { type: 'text/csv;charset=utf-8' }), CSV_FILENAME);
}

/** Copies the table as TSV; false when the browser refuses clipboard access. */
export async function copyTable(rows: readonly TCardRow[]): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(toTsv(rows));
    return true;
  } catch {
    return false;
  }
}

/** The e-mailed card's body: the card, its selected view and a picture of it when the picture fits. */
export function emailCardBody(questionId: string, view: ViewType, image: string | null): TEmailCardBody {
  // A picture too large for the contract is left out; the mail still carries the table.
  const fits =
    typeof image === 'string' &&
    image.startsWith('data:image/png;base64,') &&
    image.length < (MAX_CARD_IMAGE_BYTES * 4) / 3;
  return { question_id: questionId, selected_chart: view, ...(fits ? { image } : {}) };
}
