import { toast, type Id } from 'react-toastify';
import { TEXTOS } from '../../shared/textos';

/**
 * The warnings and errors about what a person just did. They go when their cause does: a success
 * takes them all away (a stale 'complete the form' beside '¡Gracias!' would be false), and a
 * screen takes one away when the person fixes what it asked for (`retirar`).
 */
const sobreLoHecho = new Set<Id>();
const recordar = (id: Id) => (sobreLoHecho.add(id), id);

/** Toasts with the spec's positions and durations (sections 8 and 9). */
export const avisos = {
  exito: (mensaje: string = TEXTOS.datosGuardados) => {
    avisos.retirar();
    return toast.success(mensaje, { position: 'top-center', autoClose: 5000 });
  },
  error: (mensaje: string) =>
    recordar(toast.error(mensaje, { position: 'top-center', autoClose: 5000 })),
  advertencia: (mensaje: string) =>
    recordar(toast.warning(mensaje, { position: 'top-center', autoClose: 5000 })),
  /** Takes away one warning or error whose cause is gone; without `id`, all of them. */
  retirar: (id?: Id) => {
    for (const i of id === undefined ? [...sobreLoHecho] : [id]) {
      toast.dismiss(i);
      sobreLoHecho.delete(i);
    }
  },
  /**
   * The pending-survey notice: bottom right, 7 s. A status, not an alert: it can wait until the
   * screen reader is done, and it is not mistaken for the screen's own error alerts.
   */
  info: (mensaje: string) =>
    toast.info(mensaje, { position: 'bottom-right', autoClose: 7000, role: 'status' }),
  /** A failed load: one toast per message while it shows, however often the load is retried. */
  errorDeCarga: (mensaje: string) =>
    toast.error(mensaje, { position: 'top-center', autoClose: 5000, toastId: mensaje }),
  /** Signing out: the next user must not see the previous one's notices. */
  cerrarTodos: () => toast.dismiss(),
};
