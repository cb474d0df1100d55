"""Contains all the data models used in inputs/outputs"""

from .accept_invitation_body import AcceptInvitationBody
from .accept_invitation_response_201 import AcceptInvitationResponse201
from .accept_invitation_response_201_data import AcceptInvitationResponse201Data
from .accept_invitation_response_201_meta import AcceptInvitationResponse201Meta
from .admin_audit_event import AdminAuditEvent
from .admin_audit_event_actor import AdminAuditEventActor
from .admin_audit_event_actor_type import AdminAuditEventActorType
from .admin_stats import AdminStats
from .admin_stats_api_keys import AdminStatsApiKeys
from .admin_stats_audit_events import AdminStatsAuditEvents
from .admin_stats_incidents import AdminStatsIncidents
from .admin_stats_integrations import AdminStatsIntegrations
from .admin_stats_invitations import AdminStatsInvitations
from .admin_stats_rate_limits import AdminStatsRateLimits
from .admin_stats_rate_limits_per_hour import AdminStatsRateLimitsPerHour
from .admin_stats_users import AdminStatsUsers
from .admin_stats_users_by_role import AdminStatsUsersByRole
from .alert_summary import AlertSummary
from .alert_summary_labels import AlertSummaryLabels
from .alert_summary_silenced_kind_type_0 import AlertSummarySilencedKindType0
from .analytics import Analytics
from .analytics_group_by_type_0 import AnalyticsGroupByType0
from .analytics_groups_item import AnalyticsGroupsItem
from .analytics_interval import AnalyticsInterval
from .analytics_range import AnalyticsRange
from .analytics_series_item import AnalyticsSeriesItem
from .analytics_totals import AnalyticsTotals
from .api_key import ApiKey
from .approval_step_config import ApprovalStepConfig
from .approval_step_config_input import ApprovalStepConfigInput
from .audit_event import AuditEvent
from .audit_event_actor import AuditEventActor
from .audit_event_actor_type import AuditEventActorType
from .billing import Billing
from .billing_checkout import BillingCheckout
from .billing_limits import BillingLimits
from .billing_plan import BillingPlan
from .billing_provider_type_0 import BillingProviderType0
from .billing_usage import BillingUsage
from .billing_webhook_ack import BillingWebhookAck
from .billing_webhook_ack_applied_type_0 import BillingWebhookAckAppliedType0
from .calendar_feed import CalendarFeed
from .change_password_body import ChangePasswordBody
from .change_password_response_200 import ChangePasswordResponse200
from .change_password_response_200_meta import ChangePasswordResponse200Meta
from .chat_message import ChatMessage
from .chat_message_author_kind import ChatMessageAuthorKind
from .confirm_password_reset_body import ConfirmPasswordResetBody
from .confirm_password_reset_response_200 import ConfirmPasswordResetResponse200
from .confirm_password_reset_response_200_meta import ConfirmPasswordResetResponse200Meta
from .create_api_key_body import CreateApiKeyBody
from .create_api_key_body_permissions_item import CreateApiKeyBodyPermissionsItem
from .create_api_key_response_201 import CreateApiKeyResponse201
from .create_api_key_response_201_meta import CreateApiKeyResponse201Meta
from .create_article_body import CreateArticleBody
from .create_article_response_201 import CreateArticleResponse201
from .create_article_response_201_meta import CreateArticleResponse201Meta
from .create_billing_checkout_body import CreateBillingCheckoutBody
from .create_billing_checkout_body_plan import CreateBillingCheckoutBodyPlan
from .create_billing_checkout_response_201 import CreateBillingCheckoutResponse201
from .create_billing_checkout_response_201_meta import CreateBillingCheckoutResponse201Meta
from .create_incident_body import CreateIncidentBody
from .create_incident_body_severity import CreateIncidentBodySeverity
from .create_incident_body_status import CreateIncidentBodyStatus
from .create_incident_response_201 import CreateIncidentResponse201
from .create_incident_response_201_meta import CreateIncidentResponse201Meta
from .create_integration_body import CreateIntegrationBody
from .create_integration_body_platform import CreateIntegrationBodyPlatform
from .create_integration_body_settings import CreateIntegrationBodySettings
from .create_integration_response_201 import CreateIntegrationResponse201
from .create_integration_response_201_meta import CreateIntegrationResponse201Meta
from .create_invitation_body import CreateInvitationBody
from .create_invitation_body_role import CreateInvitationBodyRole
from .create_invitation_response_201 import CreateInvitationResponse201
from .create_invitation_response_201_meta import CreateInvitationResponse201Meta
from .create_maintenance_window_body import CreateMaintenanceWindowBody
from .create_maintenance_window_response_201 import CreateMaintenanceWindowResponse201
from .create_maintenance_window_response_201_meta import CreateMaintenanceWindowResponse201Meta
from .create_my_calendar_feed_response_201 import CreateMyCalendarFeedResponse201
from .create_my_calendar_feed_response_201_meta import CreateMyCalendarFeedResponse201Meta
from .create_procedure_body import CreateProcedureBody
from .create_procedure_body_steps_item_type_0 import CreateProcedureBodyStepsItemType0
from .create_procedure_body_steps_item_type_1 import CreateProcedureBodyStepsItemType1
from .create_procedure_body_steps_item_type_2 import CreateProcedureBodyStepsItemType2
from .create_procedure_body_steps_item_type_3 import CreateProcedureBodyStepsItemType3
from .create_procedure_response_201 import CreateProcedureResponse201
from .create_procedure_response_201_meta import CreateProcedureResponse201Meta
from .create_schedule_body import CreateScheduleBody
from .create_schedule_override_body import CreateScheduleOverrideBody
from .create_schedule_override_response_201 import CreateScheduleOverrideResponse201
from .create_schedule_override_response_201_meta import CreateScheduleOverrideResponse201Meta
from .create_schedule_response_201 import CreateScheduleResponse201
from .create_schedule_response_201_meta import CreateScheduleResponse201Meta
from .create_silence_body import CreateSilenceBody
from .create_silence_response_201 import CreateSilenceResponse201
from .create_silence_response_201_meta import CreateSilenceResponse201Meta
from .create_sso_connection_body_type_0 import CreateSsoConnectionBodyType0
from .create_sso_connection_body_type_0_config import CreateSsoConnectionBodyType0Config
from .create_sso_connection_body_type_0_default_role import CreateSsoConnectionBodyType0DefaultRole
from .create_sso_connection_body_type_1 import CreateSsoConnectionBodyType1
from .create_sso_connection_body_type_1_config import CreateSsoConnectionBodyType1Config
from .create_sso_connection_body_type_1_default_role import CreateSsoConnectionBodyType1DefaultRole
from .create_sso_connection_body_type_2 import CreateSsoConnectionBodyType2
from .create_sso_connection_body_type_2_config import CreateSsoConnectionBodyType2Config
from .create_sso_connection_body_type_2_default_role import CreateSsoConnectionBodyType2DefaultRole
from .create_sso_connection_body_type_3 import CreateSsoConnectionBodyType3
from .create_sso_connection_body_type_3_config import CreateSsoConnectionBodyType3Config
from .create_sso_connection_body_type_3_default_role import CreateSsoConnectionBodyType3DefaultRole
from .create_sso_connection_body_type_4 import CreateSsoConnectionBodyType4
from .create_sso_connection_body_type_4_config import CreateSsoConnectionBodyType4Config
from .create_sso_connection_body_type_4_default_role import CreateSsoConnectionBodyType4DefaultRole
from .create_sso_connection_response_201 import CreateSsoConnectionResponse201
from .create_sso_connection_response_201_meta import CreateSsoConnectionResponse201Meta
from .created_api_key import CreatedApiKey
from .error import Error
from .error_code import ErrorCode
from .error_errors_item import ErrorErrorsItem
from .error_supported_item import ErrorSupportedItem
from .execute_procedure_body import ExecuteProcedureBody
from .execute_procedure_body_parameters import ExecuteProcedureBodyParameters
from .execute_procedure_response_201 import ExecuteProcedureResponse201
from .execute_procedure_response_201_meta import ExecuteProcedureResponse201Meta
from .execution import Execution
from .execution_parameters import ExecutionParameters
from .execution_status import ExecutionStatus
from .execution_step import ExecutionStep
from .execution_step_status import ExecutionStepStatus
from .execution_step_type import ExecutionStepType
from .expire_silence_response_200 import ExpireSilenceResponse200
from .expire_silence_response_200_meta import ExpireSilenceResponse200Meta
from .get_admin_stats_response_200 import GetAdminStatsResponse200
from .get_admin_stats_response_200_meta import GetAdminStatsResponse200Meta
from .get_analytics_group_by import GetAnalyticsGroupBy
from .get_analytics_interval import GetAnalyticsInterval
from .get_analytics_response_200 import GetAnalyticsResponse200
from .get_analytics_response_200_meta import GetAnalyticsResponse200Meta
from .get_analytics_severity import GetAnalyticsSeverity
from .get_analytics_source import GetAnalyticsSource
from .get_article_response_200 import GetArticleResponse200
from .get_article_response_200_meta import GetArticleResponse200Meta
from .get_billing_response_200 import GetBillingResponse200
from .get_billing_response_200_meta import GetBillingResponse200Meta
from .get_execution_response_200 import GetExecutionResponse200
from .get_execution_response_200_meta import GetExecutionResponse200Meta
from .get_incident_response_200 import GetIncidentResponse200
from .get_incident_response_200_meta import GetIncidentResponse200Meta
from .get_integration_response_200 import GetIntegrationResponse200
from .get_integration_response_200_meta import GetIntegrationResponse200Meta
from .get_maintenance_window_response_200 import GetMaintenanceWindowResponse200
from .get_maintenance_window_response_200_meta import GetMaintenanceWindowResponse200Meta
from .get_my_calendar_feed_response_200 import GetMyCalendarFeedResponse200
from .get_my_calendar_feed_response_200_meta import GetMyCalendarFeedResponse200Meta
from .get_on_call_response_200 import GetOnCallResponse200
from .get_on_call_response_200_meta import GetOnCallResponse200Meta
from .get_organization_response_200 import GetOrganizationResponse200
from .get_organization_response_200_meta import GetOrganizationResponse200Meta
from .get_organization_settings_response_200 import GetOrganizationSettingsResponse200
from .get_organization_settings_response_200_meta import GetOrganizationSettingsResponse200Meta
from .get_procedure_response_200 import GetProcedureResponse200
from .get_procedure_response_200_meta import GetProcedureResponse200Meta
from .get_schedule_response_200 import GetScheduleResponse200
from .get_schedule_response_200_meta import GetScheduleResponse200Meta
from .get_schedule_shifts_response_200 import GetScheduleShiftsResponse200
from .get_schedule_shifts_response_200_meta import GetScheduleShiftsResponse200Meta
from .get_self_test_response_200 import GetSelfTestResponse200
from .get_self_test_response_200_meta import GetSelfTestResponse200Meta
from .get_silence_response_200 import GetSilenceResponse200
from .get_silence_response_200_meta import GetSilenceResponse200Meta
from .get_sso_connection_response_200 import GetSsoConnectionResponse200
from .get_sso_connection_response_200_meta import GetSsoConnectionResponse200Meta
from .get_user_response_200 import GetUserResponse200
from .get_user_response_200_meta import GetUserResponse200Meta
from .healthz_response_200 import HealthzResponse200
from .helper_build import HelperBuild
from .helper_build_arch import HelperBuildArch
from .helper_build_os import HelperBuildOs
from .helper_platform_error import HelperPlatformError
from .helper_platform_error_code import HelperPlatformErrorCode
from .helper_platform_error_errors_item import HelperPlatformErrorErrorsItem
from .helper_platform_error_supported_item import HelperPlatformErrorSupportedItem
from .helper_platform_error_supported_item_arch import HelperPlatformErrorSupportedItemArch
from .helper_platform_error_supported_item_os import HelperPlatformErrorSupportedItemOs
from .http_step_config import HttpStepConfig
from .http_step_config_headers import HttpStepConfigHeaders
from .http_step_config_input import HttpStepConfigInput
from .http_step_config_input_headers import HttpStepConfigInputHeaders
from .http_step_config_input_method import HttpStepConfigInputMethod
from .http_step_config_input_secret_headers import HttpStepConfigInputSecretHeaders
from .http_step_config_method import HttpStepConfigMethod
from .http_step_config_secret_headers import HttpStepConfigSecretHeaders
from .incident import Incident
from .incident_analysis import IncidentAnalysis
from .incident_analysis_hit import IncidentAnalysisHit
from .incident_detail import IncidentDetail
from .incident_detail_labels import IncidentDetailLabels
from .incident_detail_severity import IncidentDetailSeverity
from .incident_detail_status import IncidentDetailStatus
from .incident_severity import IncidentSeverity
from .incident_status import IncidentStatus
from .ingest_webhook_platform import IngestWebhookPlatform
from .ingest_webhook_short_form_platform import IngestWebhookShortFormPlatform
from .integration import Integration
from .integration_health_response_200 import IntegrationHealthResponse200
from .integration_health_response_200_meta import IntegrationHealthResponse200Meta
from .integration_platform import IntegrationPlatform
from .integration_settings import IntegrationSettings
from .integration_setup_apm_response_200 import IntegrationSetupApmResponse200
from .integration_setup_apm_response_200_meta import IntegrationSetupApmResponse200Meta
from .integration_setup_dashboards_response_200 import IntegrationSetupDashboardsResponse200
from .integration_setup_dashboards_response_200_meta import IntegrationSetupDashboardsResponse200Meta
from .integration_setup_infra_monitor_response_200 import IntegrationSetupInfraMonitorResponse200
from .integration_setup_infra_monitor_response_200_meta import IntegrationSetupInfraMonitorResponse200Meta
from .integration_setup_metrics_alerts_response_200 import IntegrationSetupMetricsAlertsResponse200
from .integration_setup_metrics_alerts_response_200_meta import IntegrationSetupMetricsAlertsResponse200Meta
from .integration_setup_observability_response_200 import IntegrationSetupObservabilityResponse200
from .integration_setup_observability_response_200_meta import IntegrationSetupObservabilityResponse200Meta
from .integration_setup_pager_response_200 import IntegrationSetupPagerResponse200
from .integration_setup_pager_response_200_meta import IntegrationSetupPagerResponse200Meta
from .integration_setup_search_logs_response_200 import IntegrationSetupSearchLogsResponse200
from .integration_setup_search_logs_response_200_meta import IntegrationSetupSearchLogsResponse200Meta
from .integration_status import IntegrationStatus
from .integration_with_secret import IntegrationWithSecret
from .integration_with_secret_platform import IntegrationWithSecretPlatform
from .integration_with_secret_settings import IntegrationWithSecretSettings
from .integration_with_secret_status import IntegrationWithSecretStatus
from .invitation import Invitation
from .invitation_role import InvitationRole
from .knowledge_article import KnowledgeArticle
from .list_admin_audit_events_response_200 import ListAdminAuditEventsResponse200
from .list_admin_audit_events_response_200_meta import ListAdminAuditEventsResponse200Meta
from .list_api_keys_response_200 import ListApiKeysResponse200
from .list_api_keys_response_200_meta import ListApiKeysResponse200Meta
from .list_articles_response_200 import ListArticlesResponse200
from .list_articles_response_200_meta import ListArticlesResponse200Meta
from .list_audit_events_response_200 import ListAuditEventsResponse200
from .list_audit_events_response_200_meta import ListAuditEventsResponse200Meta
from .list_executions_response_200 import ListExecutionsResponse200
from .list_executions_response_200_meta import ListExecutionsResponse200Meta
from .list_executions_status import ListExecutionsStatus
from .list_helper_versions_response_200 import ListHelperVersionsResponse200
from .list_helper_versions_response_200_meta import ListHelperVersionsResponse200Meta
from .list_helper_versions_response_200_meta_supported_item import ListHelperVersionsResponse200MetaSupportedItem
from .list_helper_versions_response_200_meta_supported_item_arch import (
    ListHelperVersionsResponse200MetaSupportedItemArch,
)
from .list_helper_versions_response_200_meta_supported_item_os import ListHelperVersionsResponse200MetaSupportedItemOs
from .list_incident_messages_response_200 import ListIncidentMessagesResponse200
from .list_incident_messages_response_200_meta import ListIncidentMessagesResponse200Meta
from .list_incidents_response_200 import ListIncidentsResponse200
from .list_incidents_response_200_meta import ListIncidentsResponse200Meta
from .list_incidents_severity import ListIncidentsSeverity
from .list_incidents_status import ListIncidentsStatus
from .list_integration_deliveries_response_200 import ListIntegrationDeliveriesResponse200
from .list_integration_deliveries_response_200_meta import ListIntegrationDeliveriesResponse200Meta
from .list_integration_deliveries_success import ListIntegrationDeliveriesSuccess
from .list_integrations_platform import ListIntegrationsPlatform
from .list_integrations_response_200 import ListIntegrationsResponse200
from .list_integrations_response_200_meta import ListIntegrationsResponse200Meta
from .list_invitations_response_200 import ListInvitationsResponse200
from .list_invitations_response_200_meta import ListInvitationsResponse200Meta
from .list_logs_level import ListLogsLevel
from .list_logs_response_200 import ListLogsResponse200
from .list_logs_response_200_meta import ListLogsResponse200Meta
from .list_maintenance_windows_response_200 import ListMaintenanceWindowsResponse200
from .list_maintenance_windows_response_200_meta import ListMaintenanceWindowsResponse200Meta
from .list_notifications_response_200 import ListNotificationsResponse200
from .list_notifications_response_200_meta import ListNotificationsResponse200Meta
from .list_notifications_unread import ListNotificationsUnread
from .list_procedures_response_200 import ListProceduresResponse200
from .list_procedures_response_200_meta import ListProceduresResponse200Meta
from .list_schedules_response_200 import ListSchedulesResponse200
from .list_schedules_response_200_meta import ListSchedulesResponse200Meta
from .list_silenced_alerts_response_200 import ListSilencedAlertsResponse200
from .list_silenced_alerts_response_200_meta import ListSilencedAlertsResponse200Meta
from .list_silences_response_200 import ListSilencesResponse200
from .list_silences_response_200_meta import ListSilencesResponse200Meta
from .list_silences_status import ListSilencesStatus
from .list_sso_connections_response_200 import ListSsoConnectionsResponse200
from .list_sso_connections_response_200_meta import ListSsoConnectionsResponse200Meta
from .list_users_response_200 import ListUsersResponse200
from .list_users_response_200_meta import ListUsersResponse200Meta
from .list_users_role import ListUsersRole
from .log_entry import LogEntry
from .log_entry_attributes import LogEntryAttributes
from .log_entry_level import LogEntryLevel
from .login_data_body import LoginDataBody
from .login_json_body import LoginJsonBody
from .logout_all_body import LogoutAllBody
from .logout_all_response_200 import LogoutAllResponse200
from .logout_all_response_200_meta import LogoutAllResponse200Meta
from .logout_body import LogoutBody
from .logout_response_200 import LogoutResponse200
from .logout_response_200_meta import LogoutResponse200Meta
from .maintenance_window import MaintenanceWindow
from .manual_step_config import ManualStepConfig
from .manual_step_config_input import ManualStepConfigInput
from .me import Me
from .me_auth_method import MeAuthMethod
from .me_response_200 import MeResponse200
from .me_response_200_meta import MeResponse200Meta
from .me_role import MeRole
from .message import Message
from .notification import Notification
from .notification_data import NotificationData
from .notification_type import NotificationType
from .on_call import OnCall
from .on_call_source_type_0 import OnCallSourceType0
from .organization import Organization
from .organization_settings import OrganizationSettings
from .organization_settings_default_incident_severity import OrganizationSettingsDefaultIncidentSeverity
from .organization_settings_executions import OrganizationSettingsExecutions
from .organization_settings_notifications import OrganizationSettingsNotifications
from .organization_settings_notifications_min_severity import OrganizationSettingsNotificationsMinSeverity
from .plan_limit_error import PlanLimitError
from .plan_limit_error_code import PlanLimitErrorCode
from .plan_limit_error_errors_item import PlanLimitErrorErrorsItem
from .plan_limit_error_resource import PlanLimitErrorResource
from .plan_limit_error_supported_item import PlanLimitErrorSupportedItem
from .platform_setup import PlatformSetup
from .platform_setup_platform import PlatformSetupPlatform
from .post_incident_message_body import PostIncidentMessageBody
from .post_incident_message_response_201 import PostIncidentMessageResponse201
from .post_incident_message_response_201_meta import PostIncidentMessageResponse201Meta
from .preview_silence_body import PreviewSilenceBody
from .preview_silence_response_200 import PreviewSilenceResponse200
from .preview_silence_response_200_data import PreviewSilenceResponse200Data
from .preview_silence_response_200_data_open_incidents_item import PreviewSilenceResponse200DataOpenIncidentsItem
from .preview_silence_response_200_meta import PreviewSilenceResponse200Meta
from .procedure import Procedure
from .procedure_step import ProcedureStep
from .procedure_step_type import ProcedureStepType
from .readyz_response_200 import ReadyzResponse200
from .readyz_response_200_checks import ReadyzResponse200Checks
from .readyz_response_200_checks_additional_property import ReadyzResponse200ChecksAdditionalProperty
from .readyz_response_200_status import ReadyzResponse200Status
from .readyz_response_503 import ReadyzResponse503
from .readyz_response_503_checks import ReadyzResponse503Checks
from .readyz_response_503_checks_additional_property import ReadyzResponse503ChecksAdditionalProperty
from .readyz_response_503_status import ReadyzResponse503Status
from .refresh_response import RefreshResponse
from .refresh_token_body import RefreshTokenBody
from .register_body import RegisterBody
from .register_response_201 import RegisterResponse201
from .register_response_201_data import RegisterResponse201Data
from .register_response_201_meta import RegisterResponse201Meta
from .rejected_alert import RejectedAlert
from .request_password_reset_body import RequestPasswordResetBody
from .request_password_reset_response_200 import RequestPasswordResetResponse200
from .request_password_reset_response_200_meta import RequestPasswordResetResponse200Meta
from .resend_verification_response_200 import ResendVerificationResponse200
from .resend_verification_response_200_meta import ResendVerificationResponse200Meta
from .rotate_integration_secret_response_200 import RotateIntegrationSecretResponse200
from .rotate_integration_secret_response_200_meta import RotateIntegrationSecretResponse200Meta
from .schedule import Schedule
from .schedule_gap import ScheduleGap
from .schedule_override import ScheduleOverride
from .schedule_restriction import ScheduleRestriction
from .schedule_restriction_days_item import ScheduleRestrictionDaysItem
from .schedule_restriction_input import ScheduleRestrictionInput
from .schedule_restriction_input_days_item import ScheduleRestrictionInputDaysItem
from .schedule_rotation_layer import ScheduleRotationLayer
from .schedule_rotation_layer_handoff_day_type_0 import ScheduleRotationLayerHandoffDayType0
from .schedule_rotation_layer_input import ScheduleRotationLayerInput
from .schedule_rotation_layer_input_handoff_day_type_0 import ScheduleRotationLayerInputHandoffDayType0
from .schedule_rotation_layer_input_rotation import ScheduleRotationLayerInputRotation
from .schedule_rotation_layer_rotation import ScheduleRotationLayerRotation
from .schedule_shift import ScheduleShift
from .schedule_shift_source import ScheduleShiftSource
from .schedule_shifts import ScheduleShifts
from .schedule_shifts_layers_item import ScheduleShiftsLayersItem
from .schedule_shifts_layers_item_shifts_item import ScheduleShiftsLayersItemShiftsItem
from .search_hit import SearchHit
from .search_hit_type import SearchHitType
from .search_query_body import SearchQueryBody
from .search_query_body_filters import SearchQueryBodyFilters
from .search_query_body_filters_severity import SearchQueryBodyFiltersSeverity
from .search_query_body_filters_status import SearchQueryBodyFiltersStatus
from .search_query_body_mode import SearchQueryBodyMode
from .search_query_body_types_item import SearchQueryBodyTypesItem
from .search_query_response_200 import SearchQueryResponse200
from .search_query_response_200_meta import SearchQueryResponse200Meta
from .search_query_response_200_meta_mode import SearchQueryResponse200MetaMode
from .self_test_run import SelfTestRun
from .self_test_run_status import SelfTestRunStatus
from .silence import Silence
from .silence_status import SilenceStatus
from .sso_callback_post_body import SsoCallbackPostBody
from .sso_connection import SsoConnection
from .sso_connection_config import SsoConnectionConfig
from .sso_connection_default_role import SsoConnectionDefaultRole
from .sso_connection_domain_verifications_item import SsoConnectionDomainVerificationsItem
from .sso_connection_kind import SsoConnectionKind
from .sso_initiate_response_200 import SsoInitiateResponse200
from .sso_initiate_response_200_data import SsoInitiateResponse200Data
from .sso_initiate_response_200_meta import SsoInitiateResponse200Meta
from .sso_link_confirm_body import SsoLinkConfirmBody
from .sso_link_confirm_response_200 import SsoLinkConfirmResponse200
from .sso_link_confirm_response_200_data import SsoLinkConfirmResponse200Data
from .sso_link_confirm_response_200_meta import SsoLinkConfirmResponse200Meta
from .sso_link_start_body import SsoLinkStartBody
from .sso_link_start_response_200 import SsoLinkStartResponse200
from .sso_link_start_response_200_data import SsoLinkStartResponse200Data
from .sso_link_start_response_200_meta import SsoLinkStartResponse200Meta
from .start_self_test_response_202 import StartSelfTestResponse202
from .start_self_test_response_202_meta import StartSelfTestResponse202Meta
from .submit_logs_body import SubmitLogsBody
from .submit_logs_body_logs_item import SubmitLogsBodyLogsItem
from .submit_logs_body_logs_item_attributes import SubmitLogsBodyLogsItemAttributes
from .submit_logs_body_logs_item_level import SubmitLogsBodyLogsItemLevel
from .submit_logs_response_201 import SubmitLogsResponse201
from .submit_logs_response_201_data import SubmitLogsResponse201Data
from .submit_logs_response_201_meta import SubmitLogsResponse201Meta
from .timeline_entry import TimelineEntry
from .timeline_entry_data import TimelineEntryData
from .timeline_entry_type import TimelineEntryType
from .token_response import TokenResponse
from .update_article_body import UpdateArticleBody
from .update_article_response_200 import UpdateArticleResponse200
from .update_article_response_200_meta import UpdateArticleResponse200Meta
from .update_execution_body_type_0 import UpdateExecutionBodyType0
from .update_execution_body_type_1 import UpdateExecutionBodyType1
from .update_execution_body_type_1_status import UpdateExecutionBodyType1Status
from .update_execution_response_200 import UpdateExecutionResponse200
from .update_execution_response_200_meta import UpdateExecutionResponse200Meta
from .update_incident_body import UpdateIncidentBody
from .update_incident_body_severity import UpdateIncidentBodySeverity
from .update_incident_body_status import UpdateIncidentBodyStatus
from .update_incident_response_200 import UpdateIncidentResponse200
from .update_incident_response_200_meta import UpdateIncidentResponse200Meta
from .update_integration_body import UpdateIntegrationBody
from .update_integration_body_settings import UpdateIntegrationBodySettings
from .update_integration_response_200 import UpdateIntegrationResponse200
from .update_integration_response_200_meta import UpdateIntegrationResponse200Meta
from .update_maintenance_window_body import UpdateMaintenanceWindowBody
from .update_maintenance_window_response_200 import UpdateMaintenanceWindowResponse200
from .update_maintenance_window_response_200_meta import UpdateMaintenanceWindowResponse200Meta
from .update_notification_body import UpdateNotificationBody
from .update_notification_response_200 import UpdateNotificationResponse200
from .update_notification_response_200_meta import UpdateNotificationResponse200Meta
from .update_organization_body import UpdateOrganizationBody
from .update_organization_response_200 import UpdateOrganizationResponse200
from .update_organization_response_200_meta import UpdateOrganizationResponse200Meta
from .update_organization_settings_body import UpdateOrganizationSettingsBody
from .update_organization_settings_body_default_incident_severity import (
    UpdateOrganizationSettingsBodyDefaultIncidentSeverity,
)
from .update_organization_settings_body_executions import UpdateOrganizationSettingsBodyExecutions
from .update_organization_settings_body_notifications import UpdateOrganizationSettingsBodyNotifications
from .update_organization_settings_body_notifications_min_severity import (
    UpdateOrganizationSettingsBodyNotificationsMinSeverity,
)
from .update_organization_settings_response_200 import UpdateOrganizationSettingsResponse200
from .update_organization_settings_response_200_meta import UpdateOrganizationSettingsResponse200Meta
from .update_procedure_body import UpdateProcedureBody
from .update_procedure_body_steps_item_type_0 import UpdateProcedureBodyStepsItemType0
from .update_procedure_body_steps_item_type_1 import UpdateProcedureBodyStepsItemType1
from .update_procedure_body_steps_item_type_2 import UpdateProcedureBodyStepsItemType2
from .update_procedure_body_steps_item_type_3 import UpdateProcedureBodyStepsItemType3
from .update_procedure_response_200 import UpdateProcedureResponse200
from .update_procedure_response_200_meta import UpdateProcedureResponse200Meta
from .update_schedule_body import UpdateScheduleBody
from .update_schedule_response_200 import UpdateScheduleResponse200
from .update_schedule_response_200_meta import UpdateScheduleResponse200Meta
from .update_silence_body import UpdateSilenceBody
from .update_silence_response_200 import UpdateSilenceResponse200
from .update_silence_response_200_meta import UpdateSilenceResponse200Meta
from .update_sso_connection_body import UpdateSsoConnectionBody
from .update_sso_connection_body_config import UpdateSsoConnectionBodyConfig
from .update_sso_connection_body_default_role import UpdateSsoConnectionBodyDefaultRole
from .update_sso_connection_response_200 import UpdateSsoConnectionResponse200
from .update_sso_connection_response_200_meta import UpdateSsoConnectionResponse200Meta
from .update_user_body import UpdateUserBody
from .update_user_body_role import UpdateUserBodyRole
from .update_user_response_200 import UpdateUserResponse200
from .update_user_response_200_meta import UpdateUserResponse200Meta
from .user import User
from .user_role import UserRole
from .verify_email_body import VerifyEmailBody
from .verify_email_response_200 import VerifyEmailResponse200
from .verify_email_response_200_meta import VerifyEmailResponse200Meta
from .verify_sso_domain_response_200 import VerifySsoDomainResponse200
from .verify_sso_domain_response_200_meta import VerifySsoDomainResponse200Meta
from .wait_step_config import WaitStepConfig
from .wait_step_config_input import WaitStepConfigInput
from .webhook_accepted import WebhookAccepted
from .webhook_accepted_data import WebhookAcceptedData
from .webhook_config import WebhookConfig
from .webhook_config_events_item import WebhookConfigEventsItem
from .webhook_config_headers import WebhookConfigHeaders
from .webhook_config_input import WebhookConfigInput
from .webhook_config_input_events_item import WebhookConfigInputEventsItem
from .webhook_config_input_headers import WebhookConfigInputHeaders
from .webhook_config_input_method import WebhookConfigInputMethod
from .webhook_config_input_secret_headers import WebhookConfigInputSecretHeaders
from .webhook_config_input_template import WebhookConfigInputTemplate
from .webhook_config_method import WebhookConfigMethod
from .webhook_config_secret_headers import WebhookConfigSecretHeaders
from .webhook_config_template import WebhookConfigTemplate
from .webhook_delivery import WebhookDelivery
from .webhook_error import WebhookError
from .webhook_error_error import WebhookErrorError
from .webhook_error_error_details import WebhookErrorErrorDetails
from .webhook_health import WebhookHealth
from .webhook_health_endpoints import WebhookHealthEndpoints
from .webhook_health_endpoints_additional_property import WebhookHealthEndpointsAdditionalProperty
from .webhook_health_status import WebhookHealthStatus
from .webhook_health_temporal import WebhookHealthTemporal

__all__ = (
    "AcceptInvitationBody",
    "AcceptInvitationResponse201",
    "AcceptInvitationResponse201Data",
    "AcceptInvitationResponse201Meta",
    "AdminAuditEvent",
    "AdminAuditEventActor",
    "AdminAuditEventActorType",
    "AdminStats",
    "AdminStatsApiKeys",
    "AdminStatsAuditEvents",
    "AdminStatsIncidents",
    "AdminStatsIntegrations",
    "AdminStatsInvitations",
    "AdminStatsRateLimits",
    "AdminStatsRateLimitsPerHour",
    "AdminStatsUsers",
    "AdminStatsUsersByRole",
    "AlertSummary",
    "AlertSummaryLabels",
    "AlertSummarySilencedKindType0",
    "Analytics",
    "AnalyticsGroupByType0",
    "AnalyticsGroupsItem",
    "AnalyticsInterval",
    "AnalyticsRange",
    "AnalyticsSeriesItem",
    "AnalyticsTotals",
    "ApiKey",
    "ApprovalStepConfig",
    "ApprovalStepConfigInput",
    "AuditEvent",
    "AuditEventActor",
    "AuditEventActorType",
    "Billing",
    "BillingCheckout",
    "BillingLimits",
    "BillingPlan",
    "BillingProviderType0",
    "BillingUsage",
    "BillingWebhookAck",
    "BillingWebhookAckAppliedType0",
    "CalendarFeed",
    "ChangePasswordBody",
    "ChangePasswordResponse200",
    "ChangePasswordResponse200Meta",
    "ChatMessage",
    "ChatMessageAuthorKind",
    "ConfirmPasswordResetBody",
    "ConfirmPasswordResetResponse200",
    "ConfirmPasswordResetResponse200Meta",
    "CreateApiKeyBody",
    "CreateApiKeyBodyPermissionsItem",
    "CreateApiKeyResponse201",
    "CreateApiKeyResponse201Meta",
    "CreateArticleBody",
    "CreateArticleResponse201",
    "CreateArticleResponse201Meta",
    "CreateBillingCheckoutBody",
    "CreateBillingCheckoutBodyPlan",
    "CreateBillingCheckoutResponse201",
    "CreateBillingCheckoutResponse201Meta",
    "CreatedApiKey",
    "CreateIncidentBody",
    "CreateIncidentBodySeverity",
    "CreateIncidentBodyStatus",
    "CreateIncidentResponse201",
    "CreateIncidentResponse201Meta",
    "CreateIntegrationBody",
    "CreateIntegrationBodyPlatform",
    "CreateIntegrationBodySettings",
    "CreateIntegrationResponse201",
    "CreateIntegrationResponse201Meta",
    "CreateInvitationBody",
    "CreateInvitationBodyRole",
    "CreateInvitationResponse201",
    "CreateInvitationResponse201Meta",
    "CreateMaintenanceWindowBody",
    "CreateMaintenanceWindowResponse201",
    "CreateMaintenanceWindowResponse201Meta",
    "CreateMyCalendarFeedResponse201",
    "CreateMyCalendarFeedResponse201Meta",
    "CreateProcedureBody",
    "CreateProcedureBodyStepsItemType0",
    "CreateProcedureBodyStepsItemType1",
    "CreateProcedureBodyStepsItemType2",
    "CreateProcedureBodyStepsItemType3",
    "CreateProcedureResponse201",
    "CreateProcedureResponse201Meta",
    "CreateScheduleBody",
    "CreateScheduleOverrideBody",
    "CreateScheduleOverrideResponse201",
    "CreateScheduleOverrideResponse201Meta",
    "CreateScheduleResponse201",
    "CreateScheduleResponse201Meta",
    "CreateSilenceBody",
    "CreateSilenceResponse201",
    "CreateSilenceResponse201Meta",
    "CreateSsoConnectionBodyType0",
    "CreateSsoConnectionBodyType0Config",
    "CreateSsoConnectionBodyType0DefaultRole",
    "CreateSsoConnectionBodyType1",
    "CreateSsoConnectionBodyType1Config",
    "CreateSsoConnectionBodyType1DefaultRole",
    "CreateSsoConnectionBodyType2",
    "CreateSsoConnectionBodyType2Config",
    "CreateSsoConnectionBodyType2DefaultRole",
    "CreateSsoConnectionBodyType3",
    "CreateSsoConnectionBodyType3Config",
    "CreateSsoConnectionBodyType3DefaultRole",
    "CreateSsoConnectionBodyType4",
    "CreateSsoConnectionBodyType4Config",
    "CreateSsoConnectionBodyType4DefaultRole",
    "CreateSsoConnectionResponse201",
    "CreateSsoConnectionResponse201Meta",
    "Error",
    "ErrorCode",
    "ErrorErrorsItem",
    "ErrorSupportedItem",
    "ExecuteProcedureBody",
    "ExecuteProcedureBodyParameters",
    "ExecuteProcedureResponse201",
    "ExecuteProcedureResponse201Meta",
    "Execution",
    "ExecutionParameters",
    "ExecutionStatus",
    "ExecutionStep",
    "ExecutionStepStatus",
    "ExecutionStepType",
    "ExpireSilenceResponse200",
    "ExpireSilenceResponse200Meta",
    "GetAdminStatsResponse200",
    "GetAdminStatsResponse200Meta",
    "GetAnalyticsGroupBy",
    "GetAnalyticsInterval",
    "GetAnalyticsResponse200",
    "GetAnalyticsResponse200Meta",
    "GetAnalyticsSeverity",
    "GetAnalyticsSource",
    "GetArticleResponse200",
    "GetArticleResponse200Meta",
    "GetBillingResponse200",
    "GetBillingResponse200Meta",
    "GetExecutionResponse200",
    "GetExecutionResponse200Meta",
    "GetIncidentResponse200",
    "GetIncidentResponse200Meta",
    "GetIntegrationResponse200",
    "GetIntegrationResponse200Meta",
    "GetMaintenanceWindowResponse200",
    "GetMaintenanceWindowResponse200Meta",
    "GetMyCalendarFeedResponse200",
    "GetMyCalendarFeedResponse200Meta",
    "GetOnCallResponse200",
    "GetOnCallResponse200Meta",
    "GetOrganizationResponse200",
    "GetOrganizationResponse200Meta",
    "GetOrganizationSettingsResponse200",
    "GetOrganizationSettingsResponse200Meta",
    "GetProcedureResponse200",
    "GetProcedureResponse200Meta",
    "GetScheduleResponse200",
    "GetScheduleResponse200Meta",
    "GetScheduleShiftsResponse200",
    "GetScheduleShiftsResponse200Meta",
    "GetSelfTestResponse200",
    "GetSelfTestResponse200Meta",
    "GetSilenceResponse200",
    "GetSilenceResponse200Meta",
    "GetSsoConnectionResponse200",
    "GetSsoConnectionResponse200Meta",
    "GetUserResponse200",
    "GetUserResponse200Meta",
    "HealthzResponse200",
    "HelperBuild",
    "HelperBuildArch",
    "HelperBuildOs",
    "HelperPlatformError",
    "HelperPlatformErrorCode",
    "HelperPlatformErrorErrorsItem",
    "HelperPlatformErrorSupportedItem",
    "HelperPlatformErrorSupportedItemArch",
    "HelperPlatformErrorSupportedItemOs",
    "HttpStepConfig",
    "HttpStepConfigHeaders",
    "HttpStepConfigInput",
    "HttpStepConfigInputHeaders",
    "HttpStepConfigInputMethod",
    "HttpStepConfigInputSecretHeaders",
    "HttpStepConfigMethod",
    "HttpStepConfigSecretHeaders",
    "Incident",
    "IncidentAnalysis",
    "IncidentAnalysisHit",
    "IncidentDetail",
    "IncidentDetailLabels",
    "IncidentDetailSeverity",
    "IncidentDetailStatus",
    "IncidentSeverity",
    "IncidentStatus",
    "IngestWebhookPlatform",
    "IngestWebhookShortFormPlatform",
    "Integration",
    "IntegrationHealthResponse200",
    "IntegrationHealthResponse200Meta",
    "IntegrationPlatform",
    "IntegrationSettings",
    "IntegrationSetupApmResponse200",
    "IntegrationSetupApmResponse200Meta",
    "IntegrationSetupDashboardsResponse200",
    "IntegrationSetupDashboardsResponse200Meta",
    "IntegrationSetupInfraMonitorResponse200",
    "IntegrationSetupInfraMonitorResponse200Meta",
    "IntegrationSetupMetricsAlertsResponse200",
    "IntegrationSetupMetricsAlertsResponse200Meta",
    "IntegrationSetupObservabilityResponse200",
    "IntegrationSetupObservabilityResponse200Meta",
    "IntegrationSetupPagerResponse200",
    "IntegrationSetupPagerResponse200Meta",
    "IntegrationSetupSearchLogsResponse200",
    "IntegrationSetupSearchLogsResponse200Meta",
    "IntegrationStatus",
    "IntegrationWithSecret",
    "IntegrationWithSecretPlatform",
    "IntegrationWithSecretSettings",
    "IntegrationWithSecretStatus",
    "Invitation",
    "InvitationRole",
    "KnowledgeArticle",
    "ListAdminAuditEventsResponse200",
    "ListAdminAuditEventsResponse200Meta",
    "ListApiKeysResponse200",
    "ListApiKeysResponse200Meta",
    "ListArticlesResponse200",
    "ListArticlesResponse200Meta",
    "ListAuditEventsResponse200",
    "ListAuditEventsResponse200Meta",
    "ListExecutionsResponse200",
    "ListExecutionsResponse200Meta",
    "ListExecutionsStatus",
    "ListHelperVersionsResponse200",
    "ListHelperVersionsResponse200Meta",
    "ListHelperVersionsResponse200MetaSupportedItem",
    "ListHelperVersionsResponse200MetaSupportedItemArch",
    "ListHelperVersionsResponse200MetaSupportedItemOs",
    "ListIncidentMessagesResponse200",
    "ListIncidentMessagesResponse200Meta",
    "ListIncidentsResponse200",
    "ListIncidentsResponse200Meta",
    "ListIncidentsSeverity",
    "ListIncidentsStatus",
    "ListIntegrationDeliveriesResponse200",
    "ListIntegrationDeliveriesResponse200Meta",
    "ListIntegrationDeliveriesSuccess",
    "ListIntegrationsPlatform",
    "ListIntegrationsResponse200",
    "ListIntegrationsResponse200Meta",
    "ListInvitationsResponse200",
    "ListInvitationsResponse200Meta",
    "ListLogsLevel",
    "ListLogsResponse200",
    "ListLogsResponse200Meta",
    "ListMaintenanceWindowsResponse200",
    "ListMaintenanceWindowsResponse200Meta",
    "ListNotificationsResponse200",
    "ListNotificationsResponse200Meta",
    "ListNotificationsUnread",
    "ListProceduresResponse200",
    "ListProceduresResponse200Meta",
    "ListSchedulesResponse200",
    "ListSchedulesResponse200Meta",
    "ListSilencedAlertsResponse200",
    "ListSilencedAlertsResponse200Meta",
    "ListSilencesResponse200",
    "ListSilencesResponse200Meta",
    "ListSilencesStatus",
    "ListSsoConnectionsResponse200",
    "ListSsoConnectionsResponse200Meta",
    "ListUsersResponse200",
    "ListUsersResponse200Meta",
    "ListUsersRole",
    "LogEntry",
    "LogEntryAttributes",
    "LogEntryLevel",
    "LoginDataBody",
    "LoginJsonBody",
    "LogoutAllBody",
    "LogoutAllResponse200",
    "LogoutAllResponse200Meta",
    "LogoutBody",
    "LogoutResponse200",
    "LogoutResponse200Meta",
    "MaintenanceWindow",
    "ManualStepConfig",
    "ManualStepConfigInput",
    "Me",
    "MeAuthMethod",
    "MeResponse200",
    "MeResponse200Meta",
    "MeRole",
    "Message",
    "Notification",
    "NotificationData",
    "NotificationType",
    "OnCall",
    "OnCallSourceType0",
    "Organization",
    "OrganizationSettings",
    "OrganizationSettingsDefaultIncidentSeverity",
    "OrganizationSettingsExecutions",
    "OrganizationSettingsNotifications",
    "OrganizationSettingsNotificationsMinSeverity",
    "PlanLimitError",
    "PlanLimitErrorCode",
    "PlanLimitErrorErrorsItem",
    "PlanLimitErrorResource",
    "PlanLimitErrorSupportedItem",
    "PlatformSetup",
    "PlatformSetupPlatform",
    "PostIncidentMessageBody",
    "PostIncidentMessageResponse201",
    "PostIncidentMessageResponse201Meta",
    "PreviewSilenceBody",
    "PreviewSilenceResponse200",
    "PreviewSilenceResponse200Data",
    "PreviewSilenceResponse200DataOpenIncidentsItem",
    "PreviewSilenceResponse200Meta",
    "Procedure",
    "ProcedureStep",
    "ProcedureStepType",
    "ReadyzResponse200",
    "ReadyzResponse200Checks",
    "ReadyzResponse200ChecksAdditionalProperty",
    "ReadyzResponse200Status",
    "ReadyzResponse503",
    "ReadyzResponse503Checks",
    "ReadyzResponse503ChecksAdditionalProperty",
    "ReadyzResponse503Status",
    "RefreshResponse",
    "RefreshTokenBody",
    "RegisterBody",
    "RegisterResponse201",
    "RegisterResponse201Data",
    "RegisterResponse201Meta",
    "RejectedAlert",
    "RequestPasswordResetBody",
    "RequestPasswordResetResponse200",
    "RequestPasswordResetResponse200Meta",
    "ResendVerificationResponse200",
    "ResendVerificationResponse200Meta",
    "RotateIntegrationSecretResponse200",
    "RotateIntegrationSecretResponse200Meta",
    "Schedule",
    "ScheduleGap",
    "ScheduleOverride",
    "ScheduleRestriction",
    "ScheduleRestrictionDaysItem",
    "ScheduleRestrictionInput",
    "ScheduleRestrictionInputDaysItem",
    "ScheduleRotationLayer",
    "ScheduleRotationLayerHandoffDayType0",
    "ScheduleRotationLayerInput",
    "ScheduleRotationLayerInputHandoffDayType0",
    "ScheduleRotationLayerInputRotation",
    "ScheduleRotationLayerRotation",
    "ScheduleShift",
    "ScheduleShifts",
    "ScheduleShiftsLayersItem",
    "ScheduleShiftsLayersItemShiftsItem",
    "ScheduleShiftSource",
    "SearchHit",
    "SearchHitType",
    "SearchQueryBody",
    "SearchQueryBodyFilters",
    "SearchQueryBodyFiltersSeverity",
    "SearchQueryBodyFiltersStatus",
    "SearchQueryBodyMode",
    "SearchQueryBodyTypesItem",
    "SearchQueryResponse200",
    "SearchQueryResponse200Meta",
    "SearchQueryResponse200MetaMode",
    "SelfTestRun",
    "SelfTestRunStatus",
    "Silence",
    "SilenceStatus",
    "SsoCallbackPostBody",
    "SsoConnection",
    "SsoConnectionConfig",
    "SsoConnectionDefaultRole",
    "SsoConnectionDomainVerificationsItem",
    "SsoConnectionKind",
    "SsoInitiateResponse200",
    "SsoInitiateResponse200Data",
    "SsoInitiateResponse200Meta",
    "SsoLinkConfirmBody",
    "SsoLinkConfirmResponse200",
    "SsoLinkConfirmResponse200Data",
    "SsoLinkConfirmResponse200Meta",
    "SsoLinkStartBody",
    "SsoLinkStartResponse200",
    "SsoLinkStartResponse200Data",
    "SsoLinkStartResponse200Meta",
    "StartSelfTestResponse202",
    "StartSelfTestResponse202Meta",
    "SubmitLogsBody",
    "SubmitLogsBodyLogsItem",
    "SubmitLogsBodyLogsItemAttributes",
    "SubmitLogsBodyLogsItemLevel",
    "SubmitLogsResponse201",
    "SubmitLogsResponse201Data",
    "SubmitLogsResponse201Meta",
    "TimelineEntry",
    "TimelineEntryData",
    "TimelineEntryType",
    "TokenResponse",
    "UpdateArticleBody",
    "UpdateArticleResponse200",
    "UpdateArticleResponse200Meta",
    "UpdateExecutionBodyType0",
    "UpdateExecutionBodyType1",
    "UpdateExecutionBodyType1Status",
    "UpdateExecutionResponse200",
    "UpdateExecutionResponse200Meta",
    "UpdateIncidentBody",
    "UpdateIncidentBodySeverity",
    "UpdateIncidentBodyStatus",
    "UpdateIncidentResponse200",
    "UpdateIncidentResponse200Meta",
    "UpdateIntegrationBody",
    "UpdateIntegrationBodySettings",
    "UpdateIntegrationResponse200",
    "UpdateIntegrationResponse200Meta",
    "UpdateMaintenanceWindowBody",
    "UpdateMaintenanceWindowResponse200",
    "UpdateMaintenanceWindowResponse200Meta",
    "UpdateNotificationBody",
    "UpdateNotificationResponse200",
    "UpdateNotificationResponse200Meta",
    "UpdateOrganizationBody",
    "UpdateOrganizationResponse200",
    "UpdateOrganizationResponse200Meta",
    "UpdateOrganizationSettingsBody",
    "UpdateOrganizationSettingsBodyDefaultIncidentSeverity",
    "UpdateOrganizationSettingsBodyExecutions",
    "UpdateOrganizationSettingsBodyNotifications",
    "UpdateOrganizationSettingsBodyNotificationsMinSeverity",
    "UpdateOrganizationSettingsResponse200",
    "UpdateOrganizationSettingsResponse200Meta",
    "UpdateProcedureBody",
    "UpdateProcedureBodyStepsItemType0",
    "UpdateProcedureBodyStepsItemType1",
    "UpdateProcedureBodyStepsItemType2",
    "UpdateProcedureBodyStepsItemType3",
    "UpdateProcedureResponse200",
    "UpdateProcedureResponse200Meta",
    "UpdateScheduleBody",
    "UpdateScheduleResponse200",
    "UpdateScheduleResponse200Meta",
    "UpdateSilenceBody",
    "UpdateSilenceResponse200",
    "UpdateSilenceResponse200Meta",
    "UpdateSsoConnectionBody",
    "UpdateSsoConnectionBodyConfig",
    "UpdateSsoConnectionBodyDefaultRole",
    "UpdateSsoConnectionResponse200",
    "UpdateSsoConnectionResponse200Meta",
    "UpdateUserBody",
    "UpdateUserBodyRole",
    "UpdateUserResponse200",
    "UpdateUserResponse200Meta",
    "User",
    "UserRole",
    "VerifyEmailBody",
    "VerifyEmailResponse200",
    "VerifyEmailResponse200Meta",
    "VerifySsoDomainResponse200",
    "VerifySsoDomainResponse200Meta",
    "WaitStepConfig",
    "WaitStepConfigInput",
    "WebhookAccepted",
    "WebhookAcceptedData",
    "WebhookConfig",
    "WebhookConfigEventsItem",
    "WebhookConfigHeaders",
    "WebhookConfigInput",
    "WebhookConfigInputEventsItem",
    "WebhookConfigInputHeaders",
    "WebhookConfigInputMethod",
    "WebhookConfigInputSecretHeaders",
    "WebhookConfigInputTemplate",
    "WebhookConfigMethod",
    "WebhookConfigSecretHeaders",
    "WebhookConfigTemplate",
    "WebhookDelivery",
    "WebhookError",
    "WebhookErrorError",
    "WebhookErrorErrorDetails",
    "WebhookHealth",
    "WebhookHealthEndpoints",
    "WebhookHealthEndpointsAdditionalProperty",
    "WebhookHealthStatus",
    "WebhookHealthTemporal",
)
