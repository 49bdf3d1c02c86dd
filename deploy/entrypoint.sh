#!/bin/sh
# Starborn container entrypoint: one image runs any service.
#
#   entrypoint.sh <service> [args...]   exec node services/<service>/dist/main.js [args...]
#   entrypoint.sh migrate [args...]     exec node deploy/migrate.mjs (wait for PostgreSQL, create the database)
#   entrypoint.sh healthcheck [args...] exec node deploy/healthcheck.mjs
#
# Secrets may be given as files: for each NAME below, NAME_FILE=/path sets NAME to the file's content
# (compose secrets, Kubernetes secret volumes), without its trailing newlines. Setting both NAME and
# NAME_FILE is refused.
#
# The process is exec'd, so node is the container's main process and receives SIGTERM itself.
# Exit codes: 64 usage (unknown service), 66 the image lacks the service's build, else node's.
set -eu

SERVICES="gateway auth heroes generation payments storybook rooms"
FILE_SECRETS="AUTH_PRIVATE_KEY AUTH_PUBLIC_KEY MEDIA_URL_SECRET OPENAI_API_KEY OPERATOR_TOKEN STRIPE_SECRET_KEY STRIPE_WEBHOOK_SECRET STRIPE_PUBLISHABLE_KEY DATABASE_URL REDIS_URL"

usage() {
  echo "usage: entrypoint.sh <service> [args...]" >&2
  echo "  service: $(echo "$SERVICES" | sed 's/ /, /g'); or migrate, healthcheck" >&2
}

# Run from the repository root (the folder above this script), whatever the working directory.
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"

if [ "$#" -eq 0 ]; then
  echo "entrypoint: no service named" >&2
  usage
  exit 64
fi
name=$1
shift

for var in $FILE_SECRETS; do
  file_var="${var}_FILE"
  eval "file=\${$file_var:-}"
  [ -n "$file" ] || continue
  eval "direct=\${$var:-}"
  if [ -n "$direct" ]; then
    echo "entrypoint: both $var and $file_var are set; set only one" >&2
    exit 64
  fi
  if [ ! -r "$file" ]; then
    echo "entrypoint: $file_var points to $file, which is missing or unreadable by uid $(id -u)" >&2
    exit 66
  fi
  value=$(cat -- "$file")
  export "$var=$value"
  unset "$file_var"
done

case "$name" in
  migrate)
    exec node deploy/migrate.mjs "$@"
    ;;
  healthcheck)
    exec node deploy/healthcheck.mjs "$@"
    ;;
  -h | --help | help)
    usage
    exit 0
    ;;
esac

for service in $SERVICES; do
  if [ "$service" = "$name" ]; then
    main="services/$service/dist/main.js"
    if [ ! -f "$main" ]; then
      echo "entrypoint: $root/$main is missing: this image was built without the $service service" >&2
      exit 66
    fi
    export STARBORN_SERVICE="$service"
    exec node "$main" "$@"
  fi
done

echo "entrypoint: unknown service \"$name\"" >&2
usage
exit 64
