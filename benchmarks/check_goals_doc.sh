#!/usr/bin/env bash
# The goals table in docs/performance.md must be the one clcuda-bench holds
# its rows to (`clcuda-bench --goals`, from src/goals.def): this test fails
# when one changes without the other.
# usage: check_goals_doc.sh CLCUDA_BENCH docs/performance.md
set -euo pipefail
bench=$1
doc=$2
documented=$(sed -n '/<!-- goals:begin/,/<!-- goals:end/p' "$doc" | sed '1d;$d')
if [[ -z "$documented" ]]; then
  echo "FAILED: $doc has no table between <!-- goals:begin --> and <!-- goals:end -->"
  exit 1
fi
if ! diff <(echo "$documented") <("$bench" --goals); then
  echo "FAILED: the goals table in $doc differs from clcuda-bench --goals (diff above:"
  echo "< the doc, > the program); paste the program's table into the doc"
  exit 1
fi
echo "the goals table in $doc matches clcuda-bench --goals"
