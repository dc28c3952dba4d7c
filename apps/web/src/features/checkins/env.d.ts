interface ImportMetaEnv {
  /** 'true': a data_collector step with a form_url goes to that form instead of the data-form modal. */
  readonly VITE_SKIP_DATA_COLLECTOR_MODAL?: string;
}
