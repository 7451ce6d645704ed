/**
 * Server-side request forgery (issue 25): the portal posts to URLs an administrator typed, from
 * inside the terminal's network. An endpoint whose host is, or resolves to, a loopback, private,
 * link-local, unspecified or carrier-grade NAT address is refused unless WEBHOOKS_ALLOW_HOSTS
 * names that host or address. Checked at registration and again at every delivery; a delivery
 * connects to the very address it checked (`direccionSegura` then `lookup` pinned to it), so a
 * name that resolves elsewhere a second later (DNS rebinding) changes nothing.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { MENSAJES_WEBHOOKS as M } from '../../../shared/textos';

const PROHIBIDAS = new net.BlockList();
for (const [red, prefijo] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PROHIBIDAS.addSubnet(red, prefijo, 'ipv4');
}
for (const [red, prefijo] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: an IPv4 inside
] as const) {
  PROHIBIDAS.addSubnet(red, prefijo, 'ipv6');
}

/** An IPv4 written as IPv6 ('::ffff:10.0.0.1') is checked as the IPv4 it is. */
function normalizar(ip: string): { ip: string; tipo: 'ipv4' | 'ipv6' } {
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapeada) return { ip: mapeada[1]!, tipo: 'ipv4' };
  return { ip, tipo: net.isIPv6(ip) ? 'ipv6' : 'ipv4' };
}

/** Loopback, private, link-local, unspecified, CGNAT, multicast or reserved. */
export function direccionInterna(ip: string): boolean {
  const n = normalizar(ip);
  return PROHIBIDAS.check(n.ip, n.tipo);
}

/** The URL's host without IPv6 brackets, lower case. */
export const hostDe = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

export class DireccionRechazada extends Error {}

export interface DireccionResuelta {
  address: string;
  family: 4 | 6;
}

/**
 * The address to connect to for `url`: its host resolved (or taken as written, when it is an
 * address) and checked. Throws `DireccionRechazada` when any address the name has is internal
 * and neither the name nor that address is allow-listed, or when the name does not resolve.
 */
export async function direccionSegura(
  url: URL,
  permitidos: readonly string[],
): Promise<DireccionResuelta> {
  const host = hostDe(url);
  let direcciones: DireccionResuelta[];
  const version = net.isIP(host);
  if (version !== 0) {
    direcciones = [{ address: host, family: version as 4 | 6 }];
  } else {
    try {
      direcciones = (await dns.lookup(host, { all: true, verbatim: true })).map((d) => ({
        address: d.address,
        family: d.family as 4 | 6,
      }));
    } catch {
      throw new DireccionRechazada(M.hostSinDireccion(host));
    }
    if (direcciones.length === 0) throw new DireccionRechazada(M.hostSinDireccion(host));
  }
  const nombrePermitido = permitidos.includes(host);
  // Every address the name has must pass: the system could pick any of them.
  for (const d of direcciones) {
    if (direccionInterna(d.address) && !nombrePermitido && !permitidos.includes(d.address)) {
      throw new DireccionRechazada(M.direccionInterna(host, d.address));
    }
  }
  return direcciones[0]!;
}

/**
 * A `lookup` for http.request that answers only `d`: the connection goes to the address that
 * was checked, whatever the name resolves to now.
 */
export function buscarFijo(d: DireccionResuelta): net.LookupFunction {
  return (_host, opciones, responder) => {
    if ((opciones as { all?: boolean }).all) {
      (responder as (e: null, l: DireccionResuelta[]) => void)(null, [d]);
    } else {
      responder(null, d.address, d.family);
    }
  };
}
