/** The Prometheus text parser the metrics test reads a scrape with (it ships no types). */
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(texto: string): unknown[];
}
