/**
 * The e-mails' words (issue 25): Spanish, plain text and HTML, with the terminal's name. Only
 * what the notice is about: never a card value, a token (but the confirmation link's own, sent
 * only to the address it confirms) or a session.
 */
export interface Mensaje {
  asunto: string;
  texto: string;
  html: string;
  adjuntos?: { nombre: string; contenido: Buffer; tipo: string }[];
}

const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message from its lines: the text as they are, the HTML as paragraphs (escaped). */
export function mensaje(
  terminal: string,
  asunto: string,
  lineas: string[],
  adjuntos?: Mensaje['adjuntos'],
): Mensaje {
  const pie = `${terminal} — Portal Acopio. Recibe este correo porque lo pidió en «Mi cuenta»; puede dejar de recibirlo allí.`;
  return {
    asunto: `${terminal}: ${asunto}`,
    texto: [...lineas, '', '--', pie].join('\n'),
    html:
      `<!doctype html><html lang="es"><body>` +
      `<h1 style="font-size:18px">${escapar(terminal)}</h1>` +
      lineas.map((l) => `<p>${escapar(l)}</p>`).join('') +
      `<hr><p style="color:#555;font-size:12px">${escapar(pie)}</p></body></html>`,
    adjuntos,
  };
}
