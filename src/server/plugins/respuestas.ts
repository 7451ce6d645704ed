import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MENSAJES_API } from '../../shared/textos';
import type { JsonDe } from '../db/sql';
import { ErrorHttp } from '../errores';

/**
 * Every JSON answer goes out through its contract: checked by zod (a wrong type or a missing
 * field is a 500, never a wrong answer) and with only the contract's fields (one the code adds
 * and the contract does not declare never leaves). The same as fastify-type-provider-zod's
 * serializer, but with zod's `safeParse` instead of `safeEncode`: encode, which exists for
 * codecs, skips zod's compiled fast path and cost 10 µs for a one-row answer against 0.1–0.6
 * (docs/rendimiento.md). No response contract has a codec or transform: with one, encode would
 * refuse what parse converts, and its route's test would fail.
 */
export const serializarPorContrato: FastifySerializerCompiler<
  ZodType | { properties: ZodType }
> = ({ schema, method, url }) => {
  const contrato = 'properties' in schema ? schema.properties : schema;
  return (datos) => {
    const r = contrato.safeParse(datos);
    if (!r.success) throw new ResponseSerializationError(method, url, { cause: r.error });
    return JSON.stringify(r.data);
  };
};

/** Writes a value as JSON when it holds its schema; undefined when it does not. */
type Escritor = (valor: unknown) => string | undefined;

/** What of a zod schema's definition the compiler reads (zod 4's `_zod.def`). */
interface Definicion {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[];
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
}
const definicion = (s: ZodType) => (s as unknown as { _zod: { def: Definicion } })._zod.def;

/**
 * A schema compiled into a function that checks a value by it and writes it as JSON in one pass:
 * exactly the bytes of `JSON.stringify(schema.parse(valor))`, and undefined where `parse` would
 * fail. Only a few kinds, with the checks zod runs for them (zod 4): an object without a catchall
 * (`z.object`: its shape's keys in order, the rest left out), an array, a string with regex
 * checks, a number (finite; `int()`: a safe integer), a boolean, nullable. Anything else
 * (optional, min/max, refinements, transforms, enums…) compiles to undefined, and the answer goes
 * through `safeParse` as any other (`serializarCompilado`).
 */
export function compilarEscritor(esquema: ZodType): Escritor | undefined {
  const d = definicion(esquema);
  const checks = d.checks ?? [];
  switch (d.type) {
    case 'string': {
      const patrones: RegExp[] = [];
      for (const c of checks) {
        const cd = c._zod.def;
        if (cd.check !== 'string_format' || cd.format !== 'regex' || !cd.pattern) return undefined;
        patrones.push(cd.pattern);
      }
      return (v) => {
        if (typeof v !== 'string') return undefined;
        for (const r of patrones) {
          r.lastIndex = 0; // as zod does: a global regex keeps its position between tests
          if (!r.test(v)) return undefined;
        }
        return JSON.stringify(v);
      };
    }
    case 'number': {
      if (checks.length > 1) return undefined;
      if (checks.length === 1) {
        const cd = checks[0]!._zod.def;
        if (cd.check !== 'number_format' || cd.format !== 'safeint') return undefined;
        return (v) => (Number.isSafeInteger(v) ? String(v) : undefined);
      }
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
    }
    case 'boolean':
      if (checks.length) return undefined;
      return (v) => (v === true ? 'true' : v === false ? 'false' : undefined);
    case 'nullable': {
      const interno = checks.length ? undefined : compilarEscritor(d.innerType!);
      if (!interno) return undefined;
      return (v) => (v === null ? 'null' : interno(v));
    }
    case 'array': {
      const elemento = checks.length ? undefined : compilarEscritor(d.element!);
      if (!elemento) return undefined;
      return (v) => {
        if (!Array.isArray(v)) return undefined;
        let json = '[';
        for (let i = 0; i < v.length; i++) {
          const e = elemento(v[i]);
          if (e === undefined) return undefined;
          json += i ? `,${e}` : e;
        }
        return `${json}]`;
      };
    }
    case 'object': {
      if (checks.length || d.catchall) return undefined;
      const campos: { clave: string; prefijo: string; escribir: Escritor }[] = [];
      for (const [clave, s] of Object.entries(d.shape!)) {
        const escribir = compilarEscritor(s);
        if (!escribir) return undefined;
        const prefijo = `${campos.length ? ',' : '{'}${JSON.stringify(clave)}:`;
        campos.push({ clave, prefijo, escribir });
      }
      if (!campos.length) return undefined;
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
        const o = v as Record<string, unknown>;
        let json = '';
        for (const c of campos) {
          const e = c.escribir(o[c.clave]);
          if (e === undefined) return undefined;
          json += c.prefijo + e;
        }
        return `${json}}`;
      };
    }
    default:
      return undefined;
  }
}

/**
 * `serializarPorContrato` for a large answer (a route's `serializacion: 'compilada'`): the
 * contract compiled once (`compilarEscritor`) checks and writes the answer in one pass instead of
 * `safeParse` building a copy and `JSON.stringify` walking it (336 bands of availability: ~250 µs
 * of the portal's ~1.4 ms per request, docs/rendimiento.md). Same bytes; what the compiled check
 * refuses goes through `safeParse`, which answers the same 500 with zod's own error. A schema the
 * compiler does not know is serialized as by `serializarPorContrato`.
 */
export const serializarCompilado: FastifySerializerCompiler<ZodType | { properties: ZodType }> = (
  ruta,
) => {
  const lento = serializarPorContrato(ruta);
  const contrato = 'properties' in ruta.schema ? ruta.schema.properties : ruta.schema;
  const escribir = compilarEscritor(contrato);
  if (!escribir) return lento;
  return (datos) => escribir(datos) ?? lento(datos);
};

/**
 * Sends an answer that PostgreSQL already serialized by its contract (`JsonDe`, built only by
 * `comoJsonDe` from the contract's own fields): a string with a JSON content type goes out as it
 * is, not serialized twice.
 */
export function enviarJsonDe<T>(reply: FastifyReply, json: JsonDe<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Sends a document (a route whose contract is a `RespuestaArchivo`) as a download: its bytes as
 * they are, with its type and file name.
 */
export function enviarArchivo(
  reply: FastifyReply,
  archivo: { contenido: Buffer; tipo: string; nombre: string },
): FastifyReply {
  return reply
    .type(archivo.tipo)
    .header('content-disposition', `attachment; filename="${archivo.nombre}"`)
    .send(archivo.contenido);
}

/**
 * A long task's answer as NDJSON: its progress lines as they come, then `{ resultado }`. The
 * answer starts with the first progress line: what fails before it is a plain error answer
 * (`{ msj }` with its status); what fails after it, a last line `{ msj, status }` (the status is
 * already sent). Not compressed (plugins/compresion.ts leaves streams alone): a compressor would
 * hold the lines back.
 */
export function responderNdjson<P extends object, R>(
  reply: FastifyReply,
  tarea: (avisar: (progreso: P) => void) => Promise<R>,
): Promise<FastifyReply> {
  const tipo = 'application/x-ndjson; charset=utf-8';
  const linea = (x: object) => `${JSON.stringify(x)}\n`;
  const salida = new PassThrough();
  let empezada = false;
  return new Promise((resolve, reject) => {
    const avisar = (progreso: P) => {
      if (!empezada) {
        empezada = true;
        resolve(reply.type(tipo).header('x-accel-buffering', 'no').send(salida));
      }
      salida.write(linea(progreso));
    };
    tarea(avisar).then(
      (resultado) => {
        if (empezada) salida.end(linea({ resultado }));
        else resolve(reply.type(tipo).send(linea({ resultado })));
      },
      (e: Error) => {
        if (!empezada) {
          // Not started: the app's error handler answers it as any route's error.
          reject(e);
          return;
        }
        if (e instanceof ErrorHttp) {
          salida.end(linea({ msj: e.msj, status: e.statusCode }));
          return;
        }
        reply.log.error({ err: e }, 'error interno en una respuesta en curso');
        salida.end(linea({ msj: MENSAJES_API.errorInterno, status: 500 }));
      },
    );
  });
}
