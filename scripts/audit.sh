#!/usr/bin/env bash
# Production dependency audit. Fails on high or critical advisories. Where the registry's audit endpoint does not
# answer (as on machines that reach only a registry mirror), nothing was checked: it prints "NOT CHECKED: <reason>"
# and exits 77 (the usual "skipped" status), which .ci/run reports as skipped with that reason, never as passed.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(pnpm audit --prod --audit-level high 2>&1)
rc=$?
if grep -q 'ERR_PNPM_AUDIT_BAD_RESPONSE\|ERR_PNPM_AUDIT_ENDPOINT\|ENOTFOUND\|ECONNREFUSED\|EAI_AGAIN\|ETIMEDOUT' <<<"$out"; then
  why=$(grep -m1 'ERR_PNPM\|ENOTFOUND\|ECONNREFUSED\|EAI_AGAIN\|ETIMEDOUT' <<<"$out" | cut -c1-200 | sed "s/ *$//")
  echo "NOT CHECKED: the registry's audit endpoint did not answer here (${why# })"
  exit 77
fi
echo "$out" | tail -20
exit $rc
