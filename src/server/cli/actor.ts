import type { Actor } from '../db/auditoria';

/** The CLI's acts are audited as 'cli': whoever has a shell on the server. */
export const CLI: Actor = { usuarioId: null, actor: 'cli', ip: null };
