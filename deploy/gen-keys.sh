#!/bin/sh
# Generates the secrets docker-compose.yml (and the k8s dev overlay) read from files:
#   - the Ed25519 key pair that signs (auth) and verifies (gateway) access tokens;
#   - the secret that signs (heroes) and checks (gateway) /media URLs;
#   - empty stripe_secret_key, stripe_webhook_secret and stripe_publishable_key files, for the keys from
#     the Stripe dashboard
#     (compose mounts them; payments refuses to start with PAYMENTS_PROVIDER=stripe while they are empty).
#
#   deploy/gen-keys.sh [dir]     default dir: deploy/secrets (what docker-compose.yml mounts)
#
# Writes, the same as:
#   <dir>/auth_private_key.pem (PKCS#8)  openssl genpkey -algorithm ed25519 -out auth_private_key.pem
#   <dir>/auth_public_key.pem (SPKI)     openssl pkey -in auth_private_key.pem -pubout -out auth_public_key.pem
#   <dir>/media_url_secret               openssl rand -base64 48   (64 characters, no newline)
# Existing files are kept (rotate by moving one away first: rotating the key pair invalidates every
# issued token, rotating the media secret every /media URL handed out).
#
# The files are readable by all (0644) so the container's non-root user (uid 1000) can read them
# through a compose bind mount; the folder is 0700, so other users of this host cannot reach them.
set -eu
dir=${1:-$(dirname -- "$0")/secrets}
command -v openssl >/dev/null 2>&1 || { echo "gen-keys: openssl is required" >&2; exit 69; }
mkdir -p -- "$dir"
chmod 700 -- "$dir"
umask 077
private="$dir/auth_private_key.pem"
public="$dir/auth_public_key.pem"
media="$dir/media_url_secret"
if [ -s "$private" ]; then
  echo "gen-keys: $private exists; keeping it"
else
  openssl genpkey -algorithm ed25519 -out "$private"
  echo "gen-keys: wrote $private"
fi
openssl pkey -in "$private" -pubout -out "$public"
echo "gen-keys: wrote $public"
if [ -s "$media" ]; then
  echo "gen-keys: $media exists; keeping it"
else
  # Without the newline: a kustomize secretGenerator puts a file's bytes into the Secret as they are.
  secret=$(openssl rand -base64 48 | tr -d '\n')
  printf '%s' "$secret" >"$media.tmp"
  mv -- "$media.tmp" "$media"
  echo "gen-keys: wrote $media"
fi
for stripe in "$dir/stripe_secret_key" "$dir/stripe_webhook_secret" "$dir/stripe_publishable_key"; do
  if [ -e "$stripe" ]; then
    echo "gen-keys: $stripe exists; keeping it"
  else
    : >"$stripe"
    echo "gen-keys: wrote an empty $stripe (paste the key from the Stripe dashboard)"
  fi
done
chmod 644 -- "$private" "$public" "$media" "$dir/stripe_secret_key" "$dir/stripe_webhook_secret" \
  "$dir/stripe_publishable_key"
