#!/bin/sh
# Runs the full seeded fault campaign (100 socket drops, 10 gateway restarts
# with state loss, 30 kill -9 of Iris and 10 more during a sync replay while
# queued messages go out, 20 malformed directories, 5 channels deleted while
# messages typed into them wait offline) against the gateway simulator with
# the real binary in tmux, and writes its figures to campaign-figures.md (or $1).
# RELIABILITY.md reports them. IRIS_CAMPAIGN_SEED picks another seed.
set -eu
cd "$(dirname "$0")/.."
out=${1:-campaign-figures.md}
case $out in /*) ;; *) out=$PWD/$out ;; esac
IRIS_CAMPAIGN=full IRIS_CAMPAIGN_OUT="$out" go test ./e2e -run '^TestFaultCampaign$' -count=1 -timeout 50m -v
echo "figures written to $out"
