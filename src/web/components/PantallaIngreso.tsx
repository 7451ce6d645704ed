import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/**
 * A page outside the session (the sign-in, the set-up): one card on the green background, with
 * the logo and its title.
 */
export function PantallaIngreso(props: {
  titulo: string;
  /** The card's width class: 'tarjeta-ingreso' (narrow) unless the page needs more. */
  ancho?: string;
  children: ReactNode;
}) {
  return (
    <main className="pantalla-ingreso">
      <Card className={`${props.ancho ?? 'tarjeta-ingreso'} shadow`}>
        <Card.Body className="p-4">
          <div className="text-center mb-3">
            <img src="/logo.svg" alt="" width={56} height={56} />
            <h1 className="h4 mt-2 mb-0">{props.titulo}</h1>
          </div>
          {props.children}
        </Card.Body>
      </Card>
    </main>
  );
}
