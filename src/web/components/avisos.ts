import { toast } from 'react-toastify';
import { TEXTOS } from '../../shared/textos';

/** Toasts with the spec's positions and durations (sections 8 and 9). */
export const avisos = {
  exito: (mensaje: string = TEXTOS.datosGuardados) =>
    toast.success(mensaje, { position: 'top-center', autoClose: 5000 }),
  error: (mensaje: string) => toast.error(mensaje, { position: 'top-center', autoClose: 5000 }),
  advertencia: (mensaje: string) =>
    toast.warning(mensaje, { position: 'top-center', autoClose: 5000 }),
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
