/**
 * The analytics functions and views as agreed with the database, typed by hand until the generated
 * Database types include them. Counts are numbers; dates 'yyyy-MM-dd'; instants ISO strings.
 */
type Range = { start_date?: string; end_date?: string };
type LimitRange = { limit_count?: number } & Range;

interface Counts {
  sesiones_unicas: number;
  total_actividades: number;
  busquedas: number;
  filtros: number;
  clicks_productos: number;
}

export interface ActivityRow {
  id: string;
  action_type: string;
  action_value: string;
  action_value_readable: string;
  filter_type: string | null;
  filter_value_readable: string | null;
  filter_value_original: string | null;
  product_permalink: string | null;
  session_id: string;
  user_agent: string | null;
  tipo_dispositivo: string;
  navegador: string;
  created_at: string;
  ip_address: string | null;
  page_url: string | null;
}

type Fn<A, R> = { Args: A; Returns: R[] };

export interface AnalyticsFunctions {
  get_analytics_summary: Fn<Range, { total_searches: number; total_filters: number; total_product_clicks: number; unique_sessions: number }>;
  get_analytics_by_period: Fn<
    { start_date: string; end_date: string },
    { metric_type: string; metric_value: string; metric_label: string; count: number; unique_sessions: number }
  >;
  get_daily_activity_report: Fn<LimitRange, Counts & { fecha: string }>;
  get_daily_activity_report_by_date: Fn<{ start_date: string; end_date: string }, Counts & { fecha: string }>;
  get_hourly_performance_report: Fn<LimitRange, Counts & { hora: string; hora_del_dia: number }>;
  get_hourly_performance_report_by_date: Fn<{ start_date: string; end_date: string }, Counts & { hora: string; hora_del_dia: number }>;
  get_weekly_trends_report: Fn<LimitRange, Counts & { semana: string; promedio_actividades_por_sesion: number }>;
  get_weekly_trends_report_by_date: Fn<{ start_date: string; end_date: string }, Counts & { semana: string; promedio_actividades_por_sesion: number }>;
  get_user_behavior_report: Fn<
    LimitRange,
    Omit<Counts, 'sesiones_unicas'> & {
      session_id: string;
      duracion_sesion_minutos: number;
      primera_actividad: string;
      ultima_actividad: string;
      tipo_dispositivo: string;
      navegador: string;
    }
  >;
  get_conversion_funnel_report: Fn<
    Range,
    {
      total_sesiones: number;
      sesiones_con_busqueda: number;
      sesiones_con_filtro: number;
      sesiones_con_click: number;
      conversion_busqueda_pct: number;
      conversion_filtro_pct: number;
      conversion_click_pct: number;
    }
  >;
  get_device_browser_report: Fn<
    Range,
    { tipo_dispositivo: string; navegador: string; sesiones_unicas: number; total_actividades: number; porcentaje_sesiones: number }
  >;
  get_product_performance_report: Fn<
    LimitRange,
    {
      product_id: string | null;
      product_name: string;
      product_permalink: string | null;
      total_clicks: number;
      sesiones_unicas: number;
      promedio_clicks_por_sesion: number;
      dias_con_actividad: number;
      ultimo_click: string;
    }
  >;
  get_filter_effectiveness_report: Fn<
    LimitRange,
    {
      filter_type: string;
      filter_value: string;
      total_usos: number;
      sesiones_unicas: number;
      sesiones_con_click: number;
      tasa_conversion_pct: number;
      ultimo_uso: string;
    }
  >;
  get_search_trends_report: Fn<
    LimitRange,
    {
      search_term: string;
      total_busquedas: number;
      sesiones_unicas: number;
      promedio_busquedas_por_sesion: number;
      dias_con_busqueda: number;
      tendencia: string;
      ultima_busqueda: string;
    }
  >;
  get_detailed_search_analytics: Fn<LimitRange, ActivityRow>;
  get_detailed_filter_analytics: Fn<LimitRange, ActivityRow>;
  get_detailed_product_click_analytics: Fn<LimitRange, ActivityRow>;
  get_detailed_all_activities: Fn<LimitRange, ActivityRow>;
  get_detailed_activities_by_date: Fn<{ start_date: string; end_date: string; limit_count?: number }, ActivityRow>;
  get_session_activities_detailed: Fn<
    LimitRange,
    Omit<Counts, 'sesiones_unicas'> & {
      session_id: string;
      primera_actividad: string;
      ultima_actividad: string;
      duracion_minutos: number;
      tipo_dispositivo: string;
      navegador: string;
      ip_address: string | null;
      user_agent: string | null;
    }
  >;
  get_user_journey_detailed: Fn<LimitRange, ActivityRow & { step_number: number; flow_step: string; actividad_timestamp: string }>;
}

export interface AnalyticsViews {
  search_analytics_summary: { Row: { search_term: string; search_count: number; unique_sessions: number; first_search: string; last_search: string } };
  filter_analytics_summary: {
    Row: { filter_type: string; filter_value: string; filter_count: number; unique_sessions: number; first_use: string; last_use: string };
  };
  product_click_summary: {
    Row: {
      product_id: string | null;
      product_name: string;
      product_permalink: string | null;
      click_count: number;
      unique_sessions: number;
      first_click: string;
      last_click: string;
    };
  };
}
