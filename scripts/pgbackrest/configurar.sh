#!/usr/bin/env bash
# Configura pgBackRest (respaldo continuo y recuperación a un instante) para el PostgreSQL externo
# de una terminal (DATABASE_URL). Se corre en la máquina de PostgreSQL, como root o como el usuario
# del sistema dueño del cluster. Lo que hace, en orden (docs/operations.md, "Recuperación a un
# instante"):
#   1. instala pgbackrest con apt-get si falta (solo como root; si no, dice qué instalar);
#   2. crea el repositorio, la carpeta de registros y la de candados, del usuario del cluster;
#   3. escribe el archivo de configuración (la copia anterior, si era distinta, queda al lado);
#   4. en PostgreSQL, con ALTER SYSTEM (postgresql.auto.conf): archive_mode = on,
#      archive_command = 'pgbackrest … archive-push %p' y wal_level = replica si era minimal;
#      recarga la configuración. archive_mode y wal_level solo cambian al reiniciar: sin
#      --reiniciar el script lo dice, sale con 3 y hay que volver a correrlo después de reiniciar;
#   5. crea la stanza, verifica que el archivo de WAL funcione (pgbackrest check) y hace un
#      respaldo completo.
# Se puede volver a correr: lo que ya está hecho queda igual.
set -euo pipefail

uso() {
  cat <<'USO'
Uso: configurar.sh --pgdata DIR [opciones]
  --pgdata DIR        carpeta de datos del cluster (obligatoria)
  --puerto N          puerto de PostgreSQL (5432)
  --socket DIR        carpeta del socket de PostgreSQL (/var/run/postgresql)
  --usuario U         usuario del sistema dueño del cluster (postgres)
  --stanza NOMBRE     nombre de la stanza (acopio)
  --repo DIR          repositorio de respaldos y WAL (/var/lib/pgbackrest)
  --conf ARCHIVO      configuración de pgBackRest (/etc/pgbackrest/pgbackrest.conf)
  --log DIR           registros de pgBackRest (/var/log/pgbackrest)
  --lock DIR          candados de pgBackRest (/tmp/pgbackrest)
  --retencion N       respaldos completos que se conservan (2)
  --compresion TIPO   zst, lz4, gz o none (zst)
  --reiniciar         si hace falta, reinicia PostgreSQL con pg_ctl restart -m fast
  --sin-respaldo      no hace el respaldo completo del final
USO
}

pgdata=''
puerto=5432
socket=/var/run/postgresql
usuario=postgres
stanza=acopio
repo=/var/lib/pgbackrest
conf=/etc/pgbackrest/pgbackrest.conf
logdir=/var/log/pgbackrest
lockdir=/tmp/pgbackrest
retencion=2
compresion=zst
reiniciar=0
respaldar=1

while [ $# -gt 0 ]; do
  case "$1" in
    --pgdata) pgdata=$2; shift 2 ;;
    --puerto) puerto=$2; shift 2 ;;
    --socket) socket=$2; shift 2 ;;
    --usuario) usuario=$2; shift 2 ;;
    --stanza) stanza=$2; shift 2 ;;
    --repo) repo=$2; shift 2 ;;
    --conf) conf=$2; shift 2 ;;
    --log) logdir=$2; shift 2 ;;
    --lock) lockdir=$2; shift 2 ;;
    --retencion) retencion=$2; shift 2 ;;
    --compresion) compresion=$2; shift 2 ;;
    --reiniciar) reiniciar=1; shift ;;
    --sin-respaldo) respaldar=0; shift ;;
    -h | --help) uso; exit 0 ;;
    *) echo "Opción desconocida: $1" >&2; uso >&2; exit 2 ;;
  esac
done
if [ -z "$pgdata" ]; then
  echo 'Falta --pgdata (la carpeta de datos del cluster).' >&2
  uso >&2
  exit 2
fi

paso() { echo "==> $*"; }

# Runs a command as the cluster's owner.
como_usuario() {
  if [ "$(id -un)" = "$usuario" ]; then
    "$@"
  elif [ "$(id -u)" = 0 ]; then
    runuser -u "$usuario" -- "$@"
  else
    echo "Corra este script como root o como el usuario '$usuario'." >&2
    exit 1
  fi
}

# 1. pgbackrest
if ! command -v pgbackrest >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    paso 'Instalando pgbackrest (apt-get install pgbackrest)'
    apt-get install -y pgbackrest || { apt-get update && apt-get install -y pgbackrest; }
  else
    echo 'Falta pgbackrest: instálelo (Debian/Ubuntu: apt-get install pgbackrest) y vuelva a correr este script.' >&2
    exit 1
  fi
fi

psql_q() {
  como_usuario psql -X -q -At -v ON_ERROR_STOP=1 -h "$socket" -p "$puerto" -d postgres -c "$1"
}

if ! psql_q 'select 1' >/dev/null; then
  echo "No se puede entrar a PostgreSQL en $socket, puerto $puerto, como '$usuario'." >&2
  exit 1
fi
datos=$(psql_q 'show data_directory')
if [ "$(cd "$datos" 2>/dev/null && pwd -P)" != "$(cd "$pgdata" 2>/dev/null && pwd -P)" ]; then
  echo "El PostgreSQL del puerto $puerto usa $datos, no $pgdata." >&2
  exit 1
fi

# 2. Carpetas
paso "Carpetas: repositorio $repo, registros $logdir, candados $lockdir"
for d in "$repo" "$logdir" "$lockdir"; do
  if [ "$(id -u)" = 0 ]; then
    install -d -m 0750 -o "$usuario" "$d"
  else
    mkdir -p "$d"
    chmod 0750 "$d"
  fi
done

# 3. pgbackrest.conf
nuevo=$(mktemp)
cat >"$nuevo" <<CONF
# Escrito por scripts/pgbackrest/configurar.sh (Portal Acopio).
[global]
repo1-path=$repo
repo1-retention-full=$retencion
log-path=$logdir
lock-path=$lockdir
log-level-console=warn
log-level-file=info
compress-type=$compresion
process-max=2
start-fast=y

[$stanza]
pg1-path=$pgdata
pg1-port=$puerto
pg1-socket-path=$socket
CONF
mkdir -p "$(dirname "$conf")"
if [ -f "$conf" ] && ! cmp -s "$nuevo" "$conf"; then
  anterior="$conf.anterior-$(date +%Y%m%d%H%M%S)"
  cp -p "$conf" "$anterior"
  paso "La configuración anterior quedó en $anterior"
fi
paso "Escribiendo $conf"
cp "$nuevo" "$conf"
rm -f "$nuevo"
chmod 0640 "$conf"
if [ "$(id -u)" = 0 ]; then chgrp "$(id -gn "$usuario")" "$conf"; fi

# 4. PostgreSQL
comando="pgbackrest --config=$conf --stanza=$stanza archive-push %p"
paso "PostgreSQL: archive_mode = on, archive_command = '$comando'"
psql_q "alter system set archive_mode = 'on'"
psql_q "alter system set archive_command = '${comando//\'/\'\'}'"
if [ "$(psql_q 'show wal_level')" = minimal ]; then
  paso 'PostgreSQL: wal_level = replica (era minimal)'
  psql_q "alter system set wal_level = 'replica'"
fi
psql_q 'select pg_reload_conf()' >/dev/null
# pg_reload_conf only signals; wait until the server has read the file again.
for _ in $(seq 1 50); do
  [ "$(psql_q 'show archive_command')" = "$comando" ] && break
  sleep 0.1
done

pendientes=$(psql_q "select string_agg(name, ', ') from pg_settings where pending_restart")
if [ "$(psql_q 'show archive_mode')" != on ] || [ -n "$pendientes" ]; then
  if [ "$reiniciar" = 1 ]; then
    bindir=$(psql_q "select setting from pg_config where name = 'BINDIR'")
    paso "Reiniciando PostgreSQL ($bindir/pg_ctl restart -m fast) para: ${pendientes:-archive_mode}"
    como_usuario "$bindir/pg_ctl" restart -D "$pgdata" -m fast -w -t 120 >/dev/null
  else
    echo "PostgreSQL necesita reiniciarse para aplicar: ${pendientes:-archive_mode}." >&2
    echo 'Reinícielo (Debian: systemctl restart postgresql@<versión>-<cluster>, p. ej. postgresql@15-main)' >&2
    echo 'y vuelva a correr este script, o córralo con --reiniciar.' >&2
    exit 3
  fi
fi

# 5. Stanza, verificación y respaldo completo
br() { como_usuario pgbackrest --config="$conf" --stanza="$stanza" "$@"; }
paso "pgbackrest stanza-create (stanza $stanza)"
br stanza-create
paso 'pgbackrest check (archiva un segmento de WAL y lo busca en el repositorio)'
br check
if [ "$respaldar" = 1 ]; then
  paso 'pgbackrest backup --type=full'
  br --type=full backup
fi
paso 'Listo. Estado del repositorio:'
br info
