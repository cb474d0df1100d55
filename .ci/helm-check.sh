#!/usr/bin/env bash
# Validates the Helm chart (deploy/helm/tocsin): `helm lint`, `helm template`, and kubeconform
# against the Kubernetes JSON schemas (the tools: dev/kubernetes-tools.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

KUBE_VERSION=1.30.0      # the oldest Kubernetes the chart supports (Chart.yaml kubeVersion: the native preStop sleep)
CHART=deploy/helm/tocsin

log() { printf '[helm-check] %s\n' "$*" >&2; }

# Into the tool cache once per version (dev/kubernetes-tools.ts): helm and kubeconform with go
# install, the schemas from PyPI's kubernetes-validate wheel.
HELM="$(node dev/tool-install.cli.ts helm)"
KUBECONFORM="$(node dev/tool-install.cli.ts kubeconform)"
SCHEMAS="$(node dev/tool-install.cli.ts kubernetes-json-schema)"

validate() {
  "$KUBECONFORM" -strict -summary -kubernetes-version "$KUBE_VERSION" \
    -schema-location "$SCHEMAS/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" "$@"
}

# Two shapes: an existing Secret and nothing optional; and every optional part with a chart-made Secret.
log "helm lint"
"$HELM" lint --strict "$CHART" --set secrets.existingSecret=tocsin-secrets
"$HELM" lint --strict "$CHART" -f "$CHART/ci/secrets-values.yaml"
log "helm template | kubeconform (Kubernetes $KUBE_VERSION)"
"$HELM" template tocsin "$CHART" --kube-version "$KUBE_VERSION" --set secrets.existingSecret=tocsin-secrets | validate
"$HELM" template tocsin "$CHART" --kube-version "$KUBE_VERSION" -f "$CHART/ci/secrets-values.yaml" | validate

# The checks can fail: a chart without its required secrets does not render, and a manifest
# with a misspelt field does not validate.
unconfigured="$("$HELM" template tocsin "$CHART" --kube-version "$KUBE_VERSION" 2>&1 || true)"
if [[ "$unconfigured" != *"secrets.values.DATABASE_URL is required"* ]]; then
  log "the chart rendered without DATABASE_URL, JWT_SECRET and ENCRYPTION_KEY"; exit 1
fi
if "$HELM" template tocsin "$CHART" --kube-version "$KUBE_VERSION" --set secrets.existingSecret=tocsin-secrets \
  | sed 's/terminationGracePeriodSeconds:/terminationGracePeriodSecond:/' | validate >/dev/null 2>&1; then
  log "kubeconform accepted a Deployment with an unknown field"; exit 1
fi
# Forwarded headers are believed only behind the chart's own ingress; /metrics is never behind the
# Service the ingress routes to; the chart-made Secret must carry METRICS_TOKEN (production needs it).
render() { "$HELM" template tocsin "$CHART" --kube-version "$KUBE_VERSION" "$@"; }
hops_of() { grep -E '^  TRUST_PROXY_HOPS: ' | sed -E 's/.*: "?([0-9]*)"?/\1/'; }
if [ "$(render --set secrets.existingSecret=tocsin-secrets --show-only templates/configmap.yaml | hops_of)" != 0 ]; then
  log "TRUST_PROXY_HOPS is not 0 without an ingress"; exit 1
fi
if [ "$(render -f "$CHART/ci/secrets-values.yaml" --show-only templates/configmap.yaml | hops_of)" != 1 ]; then
  log "TRUST_PROXY_HOPS is not 1 behind the chart's ingress"; exit 1
fi
if [ "$(render --set secrets.existingSecret=tocsin-secrets --set ingress.enabled=false --set config.TRUST_PROXY_HOPS=2 \
  --show-only templates/configmap.yaml | hops_of)" != 2 ]; then
  log "an explicit TRUST_PROXY_HOPS is not kept"; exit 1
fi
api_service="$(render -f "$CHART/ci/secrets-values.yaml" --show-only templates/service.yaml | awk '/name: tocsin-api$/{api=1} api && /^---/{exit} api{print}')"
if [ "$(grep -c 'targetPort:' <<<"$api_service")" != 1 ] || ! grep -q 'targetPort: http$' <<<"$api_service"; then
  log "a Service (and so the ingress) exposes the API's /metrics port"; exit 1
fi
if ! render -f "$CHART/ci/secrets-values.yaml" --show-only templates/configmap.yaml | grep -q '^  API_METRICS_PORT: "9464"'; then
  log "the API does not serve /metrics on its own port"; exit 1
fi
no_token="$(render --set secrets.values.DATABASE_URL=postgres://x@y/z --set secrets.values.JWT_SECRET=j --set secrets.values.ENCRYPTION_KEY=e 2>&1 || true)"
if [[ "$no_token" != *"secrets.values.METRICS_TOKEN is required"* ]]; then
  log "the chart rendered a Secret without METRICS_TOKEN"; exit 1
fi
# Search's follow-up runs in one place: with followUp on (the CI values), only in its own Deployment
# (WORKER_ROLE=follow-up), the workers polling no follow-up queue; off, in the workers as before.
env_of() { grep -A1 -E "^ +- name: $1\$" | sed -nE 's/^ +value: "?([^"]*)"?$/\1/p'; }
follow_up="$(render -f "$CHART/ci/secrets-values.yaml" --show-only templates/follow-up-deployment.yaml)"
if [ "$(env_of WORKER_ROLE <<<"$follow_up")" != follow-up ] || [ "$(env_of FOLLOW_UP_CONCURRENCY <<<"$follow_up")" != 2 ]; then
  log "the follow-up Deployment does not run WORKER_ROLE=follow-up with followUp.concurrency slots"; exit 1
fi
if [ "$(render -f "$CHART/ci/secrets-values.yaml" --show-only templates/worker-deployment.yaml | env_of FOLLOW_UP_CONCURRENCY)" != 0 ]; then
  log "the workers still run search's follow-up beside its own Deployment"; exit 1
fi
if render --set secrets.existingSecret=tocsin-secrets | grep -qE 'follow-up$|FOLLOW_UP_CONCURRENCY'; then
  log "the chart renders a follow-up Deployment, or takes the follow-up from the workers, with followUp off"; exit 1
fi
no_slots="$(render -f "$CHART/ci/secrets-values.yaml" --set followUp.concurrency=0 2>&1 || true)"
if [[ "$no_slots" != *"followUp.concurrency must be between 1 and 64"* ]]; then
  log "the chart rendered a follow-up process with no slots"; exit 1
fi
log "chart OK"
