{{/*
A Deployment running `node worker/main.ts`: the worker itself, or search's follow-up process
(WORKER_ROLE=follow-up, docs/decisions/0023-follow-up-process.md). Takes a dict of
  root       the chart's context
  component  the Deployment's suffix, component label and container name
  values     its block of values (replicas, resources, grace period, scheduling)
  env        a list of {name, value} for this Deployment alone (the shared configuration is envFrom)
  relay      whether its process runs the outbox relay (its /readyz then checks it)
Both listen on the ConfigMap's WORKER_HEALTH_PORT (worker.healthPort).
*/}}
{{- define "tocsin.workerDeployment" -}}
{{- $root := .root }}
{{- $values := .values }}
{{- $component := dict "root" $root "component" .component }}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "tocsin.fullname" $root }}-{{ .component }}
  labels:
    {{- include "tocsin.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  replicas: {{ $values.replicas }}
  selector:
    matchLabels:
      {{- include "tocsin.selectorLabels" $component | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxUnavailable: 0, maxSurge: 1 }
  template:
    metadata:
      labels:
        {{- include "tocsin.selectorLabels" $component | nindent 8 }}
      annotations:
        # A changed configuration rolls the pods.
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        checksum/secret: {{ include (print $root.Template.BasePath "/secret.yaml") $root | sha256sum }}
        {{- if $root.Values.metrics.podAnnotations }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $root.Values.worker.healthPort | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with $values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "tocsin.serviceAccountName" $root }}
      automountServiceAccountToken: false
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: {{ $values.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .component }}
          image: {{ include "tocsin.image" $root }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          # Node sizes its young generation from the memory limit unless told (dev/node-flags.ts).
          command: ["node", "--max-semi-space-size=16", "worker/main.ts"]
          envFrom:
            {{- include "tocsin.envFrom" $root | nindent 12 }}
          {{- with .env }}
          env:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          ports:
            - name: health
              containerPort: {{ $root.Values.worker.healthPort }}
              protocol: TCP
          # Migrations run at start (one replica at a time, under an advisory lock): allow a minute.
          startupProbe:
            httpGet: { path: /healthz, port: health }
            periodSeconds: 2
            failureThreshold: 60
          livenessProbe:
            httpGet: { path: /healthz, port: health }
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          # /readyz: PostgreSQL, Temporal, the worker polling{{ if .relay }} and the outbox relay{{ end }}, within 1.5 s.
          readinessProbe:
            httpGet: { path: /readyz, port: health }
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          {{- if gt (int $values.preStopSleepSeconds) 0 }}
          lifecycle:
            preStop:
              sleep:
                seconds: {{ $values.preStopSleepSeconds }}
          {{- end }}
          resources:
            {{- toYaml $values.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            {{- include "tocsin.volumeMounts" $root | nindent 12 }}
      volumes:
        {{- include "tocsin.volumes" $root | nindent 8 }}
      {{- if $values.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- include "tocsin.topologySpread" $component | nindent 8 }}
      {{- end }}
      {{- with $values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
