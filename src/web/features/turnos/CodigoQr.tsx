/** A QR code as SVG squares (the `qrcode` package computes the modules; nothing is fetched). */
import QRCode from 'qrcode';
import { useMemo } from 'react';

export function CodigoQr({ texto, titulo }: { texto: string; titulo: string }) {
  const { tamano, camino } = useMemo(() => {
    const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let fila = 0; fila < modules.size; fila++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(fila, col)) d += `M${col + 4} ${fila + 4}h1v1h-1z`;
      }
    }
    return { tamano: modules.size + 8, camino: d };
  }, [texto]);
  return (
    <svg
      viewBox={`0 0 ${tamano} ${tamano}`}
      role="img"
      aria-label={titulo}
      className="codigo-qr"
      shapeRendering="crispEdges"
    >
      <rect width={tamano} height={tamano} fill="#fff" />
      <path d={camino} fill="#000" />
    </svg>
  );
}
