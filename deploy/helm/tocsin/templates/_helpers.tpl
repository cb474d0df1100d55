{{- define "tocsin.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "tocsin.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "tocsin.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "tocsin.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "tocsin.selectorLabels" -}}
app.kubernetes.io/name: {{ include "tocsin.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "tocsin.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{- define "tocsin.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "tocsin.fullname" .)) }}
{{- end }}

{{- define "tocsin.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "tocsin.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* Configuration shared by the API and the worker: the ConfigMap and the Secret, as environment variables. */}}
{{- define "tocsin.envFrom" -}}
- configMapRef:
    name: {{ include "tocsin.fullname" . }}-config
- secretRef:
    name: {{ include "tocsin.secretName" . }}
{{- end }}

{{/* Volumes for a read-only root filesystem: Node and the Temporal SDK may write temporary files. */}}
{{- define "tocsin.volumes" -}}
- name: tmp
  emptyDir: {}
- name: data
  emptyDir: {}
{{- end }}

{{- define "tocsin.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /app/data
{{- end }}

{{/* Spread one component's replicas over nodes and zones when possible, never blocking scheduling. */}}
{{- define "tocsin.topologySpread" -}}
- maxSkew: 1
  topologyKey: kubernetes.io/hostname
  whenUnsatisfiable: ScheduleAnyway
  labelSelector:
    matchLabels:
      {{- include "tocsin.selectorLabels" . | nindent 6 }}
- maxSkew: 1
  topologyKey: topology.kubernetes.io/zone
  whenUnsatisfiable: ScheduleAnyway
  labelSelector:
    matchLabels:
      {{- include "tocsin.selectorLabels" . | nindent 6 }}
{{- end }}
