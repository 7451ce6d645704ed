/**
 * The selected client company and business unit, kept across screens (spec section 4,
 * 'Selection'): the stored choice when it is still valid, otherwise the first of each list (the
 * first active unit: a deactivated one is chosen only on purpose, to look at its history).
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Empresa } from '../../shared/contracts/empresas';
import type { UnidadNegocio } from '../../shared/contracts/comun';
import { empresasQuery } from './empresas';
import { useSesion } from './sesion';

interface Guardada {
  codempre?: number;
  unineg?: number;
}

export interface Seleccion {
  empresas: Empresa[];
  unidades: UnidadNegocio[];
  codempre: number | undefined;
  unineg: number | undefined;
  cargando: boolean;
  error: boolean;
  elegirEmpresa: (codempre: number) => void;
  elegirUnidad: (unineg: number) => void;
}

const Contexto = createContext<Seleccion | null>(null);

const clave = (userId: number) => `acopio.seleccion.${userId}`;

function leer(userId: number): Guardada {
  try {
    return JSON.parse(localStorage.getItem(clave(userId)) ?? '{}') as Guardada;
  } catch {
    return {};
  }
}

export function SeleccionProvider({ children }: { children: ReactNode }) {
  const sesion = useSesion();
  const empresas = useQuery(empresasQuery(sesion.codempre));
  const [guardada, setGuardada] = useState<Guardada>(() => leer(sesion.userId));

  const valor = useMemo<Seleccion>(() => {
    const lista = empresas.data ?? [];
    const guardar = (cambio: Guardada) => {
      const nueva = { ...guardada, ...cambio };
      localStorage.setItem(clave(sesion.userId), JSON.stringify(nueva));
      setGuardada(nueva);
    };
    const codempre = lista.some((e) => e.codempre === guardada.codempre)
      ? guardada.codempre
      : lista[0]?.codempre;
    const unineg = sesion.uniNegs.some((u) => u.ctrl === guardada.unineg)
      ? guardada.unineg
      : (sesion.uniNegs.find((u) => !u.inactiva) ?? sesion.uniNegs[0])?.ctrl;
    return {
      empresas: lista,
      unidades: sesion.uniNegs,
      codempre,
      unineg,
      cargando: empresas.isPending,
      error: empresas.isError,
      elegirEmpresa: (c) => guardar({ codempre: c }),
      elegirUnidad: (u) => guardar({ unineg: u }),
    };
  }, [empresas.data, empresas.isPending, empresas.isError, guardada, sesion]);

  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

export function useSeleccion(): Seleccion {
  const valor = useContext(Contexto);
  if (!valor) throw new Error('useSeleccion fuera de SeleccionProvider');
  return valor;
}
