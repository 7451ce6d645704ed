import { createContext } from 'react';
import type { DeQuienTablero } from './tablas';

/**
 * Whose the dashboard's numbers are (client, unit, range), as the screen applied them: every
 * table's 'Exportar a Excel' names its file with it, without passing it through each section.
 */
export const DeQuienDelTablero = createContext<DeQuienTablero | null>(null);
