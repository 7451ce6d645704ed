/**
 * The printable sheet of a card just issued: the server checks the values the screen holds
 * against the card and answers a PDF, saved through an object URL released right after. The
 * administration asks it with a session; the set-up, without one (its route takes the values
 * as the proof).
 */
import type { CuerpoDe } from '../../shared/contracts/rutas';
import { TEXTOS } from '../../shared/textos';
import { ErrorApi } from './api-client';

export type RutaTarjetaPdf = '/api/administracion/tarjetas/pdf' | '/api/inicializacion/tarjeta/pdf';

export async function descargarTarjetaPdf(
  ruta: RutaTarjetaPdf,
  cuerpo: CuerpoDe<`POST ${RutaTarjetaPdf}`>,
): Promise<void> {
  let respuesta: Response;
  try {
    respuesta = await fetch(ruta, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/pdf' },
      body: JSON.stringify(cuerpo),
    });
  } catch {
    throw new ErrorApi(0, TEXTOS.algoSalioMal, null);
  }
  if (!respuesta.ok) {
    const datos: unknown = await respuesta.json().catch(() => null);
    const msj =
      datos && typeof datos === 'object' && 'msj' in datos && typeof datos.msj === 'string'
        ? datos.msj
        : TEXTOS.algoSalioMal;
    throw new ErrorApi(respuesta.status, msj, datos, respuesta.headers.get('x-request-id'));
  }
  const blob = await respuesta.blob();
  const nombre =
    /filename="([^"]+)"/.exec(respuesta.headers.get('content-disposition') ?? '')?.[1] ??
    `tarjeta-${cuerpo.usuario}.pdf`;
  const url = URL.createObjectURL(blob);
  try {
    const enlace = document.createElement('a');
    enlace.href = url;
    enlace.download = nombre;
    document.body.append(enlace);
    enlace.click();
    enlace.remove();
  } finally {
    // The click has handed the blob to the download; a moment later the URL can go.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
