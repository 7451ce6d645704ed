/**
 * What the catalogue screens (products, containers) do to a row besides editing it: deactivate
 * it after a confirmation whose button names the act, activate it at once, delete it after a
 * confirmation; a toast when done, the server's refusal (a product some history uses) in `fallo`.
 */
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AccionDeFila } from '../components/MenuAcciones';
import { useState } from 'react';
import { avisos } from '../components/avisos';
import { useConfirmar } from '../components/Confirmar';
import { mensajeDeError } from './api-client';

export interface TextosActivarYEliminar {
  activar: string;
  desactivar: string;
  eliminar: string;
  confirmarDesactivar: (nombre: string) => string;
  confirmarEliminar: (nombre: string) => string;
  desactivadoAviso: (nombre: string) => string;
  activadoAviso: (nombre: string) => string;
  eliminado: (nombre: string) => string;
}

export function useActivarYEliminar<F extends { activo: boolean }, DA, VA, DE, VE>(o: {
  /** The mutations of the feature's api.ts (they reload what changed). */
  activar: UseMutationOptions<DA, unknown, VA>;
  eliminar: UseMutationOptions<DE, unknown, VE>;
  /** The bodies of each act for a row. */
  cuerpoActivar: (fila: F, activo: boolean) => VA;
  cuerpoEliminar: (fila: F) => VE;
  id: (fila: F) => number;
  nombre: (fila: F) => string;
  textos: TextosActivarYEliminar;
}) {
  const confirmar = useConfirmar();
  const [fallo, setFallo] = useState<string | null>(null);
  /** The row whose act waits for the server: its menu waits too. */
  const [sobre, setSobre] = useState<number | null>(null);
  const alFallar = { onError: (e: unknown) => setFallo(mensajeDeError(e)) };
  const activar = useMutation({ ...o.activar, ...alFallar });
  const eliminar = useMutation({ ...o.eliminar, ...alFallar });
  const T = o.textos;

  async function cambiarActivo(fila: F) {
    setFallo(null);
    const nombre = o.nombre(fila);
    if (
      fila.activo &&
      !(await confirmar(T.confirmarDesactivar(nombre), { accion: T.desactivar, peligro: true }))
    ) {
      return;
    }
    setSobre(o.id(fila));
    activar.mutate(o.cuerpoActivar(fila, !fila.activo), {
      onSuccess: () =>
        avisos.exito(fila.activo ? T.desactivadoAviso(nombre) : T.activadoAviso(nombre)),
    });
  }

  async function borrar(fila: F) {
    setFallo(null);
    const nombre = o.nombre(fila);
    if (!(await confirmar(T.confirmarEliminar(nombre), { accion: T.eliminar, peligro: true }))) {
      return;
    }
    setSobre(o.id(fila));
    eliminar.mutate(o.cuerpoEliminar(fila), { onSuccess: () => avisos.exito(T.eliminado(nombre)) });
  }

  return {
    /** A row's menu items of both acts: after the screen's own (edit, rename). */
    acciones: (fila: F): AccionDeFila[] => [
      {
        texto: fila.activo ? T.desactivar : T.activar,
        hacer: () => void cambiarActivo(fila),
        peligro: fila.activo,
      },
      { texto: T.eliminar, hacer: () => void borrar(fila), peligro: true, aparte: true },
    ],
    ocupado: activar.isPending || eliminar.isPending ? sobre : null,
    fallo,
    setFallo,
  };
}
