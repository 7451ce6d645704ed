/**
 * Confirmation dialog as a promise: `if (await confirmar('¿Confirma ...?')) ...`. One dialog for
 * the whole app, rendered by ConfirmarProvider. The button may name the act
 * (`confirmar(mensaje, { boton: 'Desactivar', peligro: true })`): 'Aceptar' otherwise.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface OpcionesConfirmar {
  /** The confirming button's words: the act itself ('Eliminar', 'Desactivar'). */
  boton?: string;
  /** An act that takes something away: the button is red. */
  peligro?: boolean;
}

type Confirmar = (mensaje: string, opciones?: OpcionesConfirmar) => Promise<boolean>;

const Contexto = createContext<Confirmar | null>(null);

export function ConfirmarProvider({ children }: { children: ReactNode }) {
  const [mensaje, setMensaje] = useState<string | null>(null);
  const [opciones, setOpciones] = useState<OpcionesConfirmar>({});
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const confirmar = useCallback<Confirmar>(
    (texto, o = {}) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOpciones(o);
        setMensaje(texto);
      }),
    [],
  );

  const responder = (valor: boolean) => {
    resolver.current?.(valor);
    resolver.current = null;
    setMensaje(null);
  };

  return (
    <Contexto.Provider value={confirmar}>
      {children}
      <Modal
        show={mensaje !== null}
        onHide={() => responder(false)}
        centered
        aria-labelledby="confirmar-titulo"
      >
        <Modal.Header closeButton>
          <Modal.Title id="confirmar-titulo" as="h2" className="h5">
            Confirmación
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{mensaje}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => responder(false)}>
            Cancelar
          </Button>
          <Button
            variant={opciones.peligro ? 'danger' : 'primary'}
            onClick={() => responder(true)}
            autoFocus
          >
            {opciones.boton ?? 'Aceptar'}
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
