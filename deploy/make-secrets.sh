#!/bin/sh
# Makes the secrets compose.yaml reads, once: random values in ./secrets.
# Keep them in your secret store too: without key_encryption_key the organisations' signing keys are lost.
#
# Who can read them: compose mounts each file into its container as it is on this machine (owner and
# mode), and the containers' users are not you (Gatehouse's image runs as uid 1000, PostgreSQL's as
# 999), so a file readable by you only could not be read there ("cannot be read (EACCES)"). The files
# are therefore readable by all (0444), and the ./secrets directory, 0700, keeps everyone else on this
# machine out: a mount gives the container the file itself, never the directory above it.
set -eu
cd "$(dirname "$0")/.."
umask 077
mkdir -p secrets
chmod 700 secrets
make_secret() { [ -s "secrets/$1" ] || head -c 32 /dev/urandom | base64 | tr -d '\n=' | tr '+/' '-_' > "secrets/$1"; }
make_secret cookie_secret
make_secret key_encryption_key
make_secret postgres_password
[ -s secrets/database_url ] || printf 'postgres://gatehouse:%s@postgres:5432/gatehouse' "$(cat secrets/postgres_password)" > secrets/database_url
chmod 444 secrets/cookie_secret secrets/key_encryption_key secrets/postgres_password secrets/database_url
echo "Secrets are in $(pwd)/secrets (a directory only you can open): cookie_secret key_encryption_key postgres_password database_url"
