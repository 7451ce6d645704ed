import { mutationOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export { terminalQuery } from '../../lib/terminal';

/**
 * After a change the terminal's data load again (the ticket prints them), and so does the
 * administration's company list, where company 0 carries the terminal's name.
 */
export const modificarTerminalMutation = mutationOptions({
  mutationFn: (cambios: CuerpoDe<'POST /api/administracion/terminal'>) =>
    api.post('/api/administracion/terminal', cambios),
  onSettled: recargarAlTerminar(claves.terminal, claves.empresasAdministradas),
});
