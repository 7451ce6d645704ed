/**
 * Confirmation dialog as a promise: `if (await confirmar('¿Confirma ...?')) ...`. One dialog for
 * the whole app, rendered by ConfirmarProvider. Its button says 'Aceptar', or names the act
 * (`{ accion: 'Eliminar', peligro: true }`: red), so nobody confirms what they did not read.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface OpcionesConfirmar {
  /** The button's word: the act itself ('Desactivar', 'Eliminar'). */
  accion?: string;
  /** An act that takes something away: the button is red. */
  peligro?: boolean;
}

type Confirmar = (mensaje: string, opciones?: OpcionesConfirmar) => Promise<boolean>;

interface Pregunta extends OpcionesConfirmar {
  mensaje: string;
}

const Contexto = createContext<Confirmar | null>(null);

export function ConfirmarProvider({ children }: { children: ReactNode }) {
  const [pregunta, setPregunta] = useState<Pregunta | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const confirmar = useCallback<Confirmar>(
    (mensaje, opciones) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setPregunta({ mensaje, ...opciones });
      }),
    [],
  );

  const responder = (valor: boolean) => {
    resolver.current?.(valor);
    resolver.current = null;
    setPregunta(null);
  };

  return (
    <Contexto.Provider value={confirmar}>
      {children}
      <Modal
        show={pregunta !== null}
        onHide={() => responder(false)}
        centered
        aria-labelledby="confirmar-titulo"
      >
        <Modal.Header closeButton>
          <Modal.Title id="confirmar-titulo" as="h2" className="h5">
            Confirmación
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{pregunta?.mensaje}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => responder(false)}>
            Cancelar
          </Button>
          <Button
            variant={pregunta?.peligro ? 'danger' : 'primary'}
            onClick={() => responder(true)}
            autoFocus
          >
            {pregunta?.accion ?? 'Aceptar'}
          </Button>
        </Modal.Footer>
      </Modal>
    </Contexto.Provider>
  );
}

export function useConfirmar(): Confirmar {
  const confirmar = useContext(Contexto);
  if (!confirmar) throw new Error('useConfirmar fuera de ConfirmarProvider');
  return confirmar;
}
