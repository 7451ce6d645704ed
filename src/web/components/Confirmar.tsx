/**
 * Confirmation dialog as a promise: `if (await confirmar('¿Confirma ...?')) ...`. One dialog for
 * the whole app, rendered by ConfirmarProvider.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * `acto` names the button that does it ('Revocar', 'Emitir'): a person reads what will happen,
 * not a generic 'Aceptar' (which stays where the act has no short name).
 */
type Confirmar = (mensaje: string, acto?: string) => Promise<boolean>;

const Contexto = createContext<Confirmar | null>(null);

export function ConfirmarProvider({ children }: { children: ReactNode }) {
  const [mensaje, setMensaje] = useState<string | null>(null);
  const [acto, setActo] = useState('Aceptar');
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const confirmar = useCallback<Confirmar>(
    (texto, nombre = 'Aceptar') =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setMensaje(texto);
        setActo(nombre);
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
          <Button variant="primary" onClick={() => responder(true)} autoFocus>
            {acto}
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
