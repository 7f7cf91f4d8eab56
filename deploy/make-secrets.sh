#!/bin/sh
# Makes the secrets compose.yaml reads, once: random values in ./secrets, readable by you only.
# Keep them in your secret store too: without key_encryption_key the organisations' signing keys are lost.
set -eu
cd "$(dirname "$0")/.."
umask 077
mkdir -p secrets
make_secret() { [ -s "secrets/$1" ] || head -c 32 /dev/urandom | base64 | tr -d '\n=' | tr '+/' '-_' > "secrets/$1"; }
make_secret cookie_secret
make_secret key_encryption_key
make_secret postgres_password
[ -s secrets/database_url ] || printf 'postgres://gatehouse:%s@postgres:5432/gatehouse' "$(cat secrets/postgres_password)" > secrets/database_url
echo "Secrets are in $(pwd)/secrets: cookie_secret key_encryption_key postgres_password database_url"
