/**
 * SQL of webhooks (issue 25): endpoints, their tries, and the outbox rows of channel 'webhook'
 * as the delivery log reads them (the outbox's table belongs to avisos; its rows are written and
 * re-queued only through avisos' service).
 */
import { sql } from 'drizzle-orm';
import type {
  EntregaWebhook,
  EventoWebhook,
  WebhookAdministrado,
} from '../../../shared/contracts/webhooks';
import type { DbOTx } from '../../db/client';
import { fechaLocal } from '../../db/sql';

export interface EndpointNuevo {
  url: string;
  eventos: readonly EventoWebhook[];
  codempre: number | null;
  secreto: string;
}

export async function insertar(db: DbOTx, e: EndpointNuevo): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into webhook_endpoints (url, eventos, codempre, secreto)
    values (${e.url},
      array(select jsonb_array_elements_text(${JSON.stringify(e.eventos)}::jsonb)),
      ${e.codempre}, ${e.secreto})
    returning id`);
  return Number(rows[0]!.id);
}

export async function empresaExiste(db: DbOTx, codempre: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from empresas where codempre = ${codempre}`);
  return rows.length > 0;
}

export async function todos(db: DbOTx): Promise<WebhookAdministrado[]> {
  const { rows } = await db.execute<WebhookAdministrado>(sql`
    select w.id, w.url, w.eventos, w.codempre, e.nomempre, w.activo,
      w.motivo_inactivo as "motivoInactivo", ${fechaLocal(sql`w.creado_en`)} as creado,
      (select count(*)::int from avisos a where a.canal = 'webhook' and a.destino = w.id
        and a.estado = 'pendiente') as pendientes,
      (select count(*)::int from avisos a where a.canal = 'webhook' and a.destino = w.id
        and a.estado = 'fallido') as fallidas,
      ${fechaLocal(sql`i.en`)} as "ultimoIntento", i.http as "ultimoHttp"
    from webhook_endpoints w
    left join empresas e on e.codempre = w.codempre
    left join lateral (
      select en, http from webhook_intentos where endpoint_id = w.id
      order by id desc limit 1) i on true
    order by w.id`);
  return rows;
}

export interface EndpointGuardado {
  id: number;
  url: string;
  codempre: number | null;
  secreto: string;
  activo: boolean;
  motivoInactivo: string | null;
}

export async function buscar(db: DbOTx, id: number): Promise<EndpointGuardado | undefined> {
  return (await buscarVarios(db, [id])).get(id);
}

/** The endpoints of `ids` that exist, by id: one statement for all the webhooks of a take. */
export async function buscarVarios(
  db: DbOTx,
  ids: readonly number[],
): Promise<Map<number, EndpointGuardado>> {
  const { rows } = await db.execute<EndpointGuardado & Record<string, unknown>>(sql`
    select id, url, codempre, secreto, activo, motivo_inactivo as "motivoInactivo"
    from webhook_endpoints where id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Sets `activo`; answers the row before, or undefined when there is none. */
export async function fijarActivo(
  db: DbOTx,
  id: number,
  activo: boolean,
  motivo: string | null,
): Promise<{ activo: boolean } | undefined> {
  const { rows } = await db.execute<{ activo: boolean }>(sql`
    update webhook_endpoints w set activo = ${activo}, motivo_inactivo = ${activo ? null : motivo}
    from (select id, activo from webhook_endpoints where id = ${id} for update) antes
    where w.id = antes.id
    returning antes.activo`);
  return rows[0];
}

export async function borrar(
  db: DbOTx,
  id: number,
): Promise<{ url: string; codempre: number | null } | undefined> {
  const { rows } = await db.execute<{ url: string; codempre: number | null }>(sql`
    delete from webhook_endpoints where id = ${id} returning url, codempre`);
  return rows[0];
}

/**
 * The active endpoints that want `tipo` for company `codempre`: the terminal-wide ones and that
 * company's own. An event of no company (`codempre` null) goes to the terminal-wide ones only.
 */
export async function destinatarios(
  db: DbOTx,
  tipo: EventoWebhook,
  codempre: number | null,
): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from webhook_endpoints
    where activo and ${tipo} = any(eventos)
      and (codempre is null or codempre = ${codempre})
    order by id`);
  return rows.map((r) => Number(r.id));
}

export interface Intento {
  endpointId: number;
  avisoId: number;
  http: number | null;
  error: string | null;
  ms: number;
  en: string;
}

/** Tries, to their endpoints' logs, in one statement (an endpoint deleted meanwhile: skipped). */
export async function registrarIntentos(db: DbOTx, intentos: readonly Intento[]): Promise<void> {
  if (intentos.length === 0) return;
  await db.execute(sql`
    insert into webhook_intentos (endpoint_id, aviso_id, http, error, ms, en)
    select i."endpointId", i."avisoId", i.http, i.error, i.ms, i.en
    from jsonb_to_recordset(${JSON.stringify(intentos)}::jsonb)
      as i("endpointId" int, "avisoId" bigint, http int, error text, ms int, en timestamp)
    where exists (select 1 from webhook_endpoints w where w.id = i."endpointId")`);
}

/** An endpoint's deliveries (outbox rows), newest first, with their last try. */
export async function entregas(
  db: DbOTx,
  filtro: { id: number; antesDe?: number; limite: number },
): Promise<EntregaWebhook[]> {
  const { rows } = await db.execute<EntregaWebhook>(sql`
    select a.id::int as entrega, 'msg_' || a.id as "idMensaje", a.evento, a.estado, a.intentos,
      i.http, a.ultimo_error as "ultimoError", ${fechaLocal(sql`i.en`)} as "ultimoIntento",
      ${fechaLocal(sql`a.proximo_intento`)} as "proximoIntento",
      ${fechaLocal(sql`a.creado_en`)} as creado, ${fechaLocal(sql`a.enviado_en`)} as enviado
    from avisos a
    left join lateral (
      select http, en from webhook_intentos
      where endpoint_id = ${filtro.id} and aviso_id = a.id
      order by id desc limit 1) i on true
    where a.canal = 'webhook' and a.destino = ${filtro.id}
      ${filtro.antesDe ? sql`and a.id < ${filtro.antesDe}` : sql``}
    order by a.id desc
    limit ${filtro.limite}`);
  return rows;
}

/** The outbox row `entrega`'s endpoint and state, if it is a webhook's. */
export async function entrega(
  db: DbOTx,
  entrega: number,
): Promise<{ destino: number; estado: string } | undefined> {
  const { rows } = await db.execute<{ destino: number; estado: string }>(sql`
    select destino, estado from avisos where id = ${entrega} and canal = 'webhook'`);
  return rows[0];
}

/** Tries of deliveries the retention already purged from the outbox. */
export async function borrarIntentosHuerfanos(db: DbOTx): Promise<number> {
  const { rowCount } = await db.execute(sql`
    delete from webhook_intentos i
    where not exists (select 1 from avisos a where a.id = i.aviso_id)`);
  return rowCount ?? 0;
}
