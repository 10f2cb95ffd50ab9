/**
 * A minimal, valid one-page PDF showing `marker` (what the upload form is for), made here so the
 * tests carry no binary fixture; a different marker makes a different file (another hash).
 */
export function minimalPdf(marker = "hello"): Buffer {
  const stream = `BT /F1 12 Tf 20 100 Td (${marker}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A PDF of exactly `size` bytes (the minimal one, padded with spaces after its end). */
export function pdfOfSize(size: number, marker: string): Buffer {
  const head = minimalPdf(marker);
  const out = Buffer.alloc(size, 0x20);
  head.copy(out, 0, 0, Math.min(head.length, size));
  return out;
}
