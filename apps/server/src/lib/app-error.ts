import { catalogueMessage } from '@mbo/contracts/error-messages';
import { t } from './i18n/i18n';

/** A message of the server's `errors` namespace (lib/i18n/locales/<lng>/errors.json) and its values. */
export interface ErrorText {
  key: string;
  values?: Record<string, unknown>;
}

export interface AppErrorOptions {
  /** A message of our own; for codes the client table lacks it is shown as it is. */
  msg?: string;
  /** HTTP status; business errors answer 200 (430 and 431 for permission and session). */
  status?: number;
  data?: unknown;
  /** Show msg even for a code the client's table has (isGwErrorMapEnabled = 1): a system code with a clear cause. */
  showMsg?: boolean;
  /**
   * The message as a key of the server's `errors` namespace: the caller reads it in their language
   * (lib/envelope.ts). Without it, a caller of another language reads the code's message there, if
   * it has one (`errors:codes.<code>`), else `msg`.
   */
  text?: ErrorText;
}

/** A business error: a catalogue code the client turns into a message. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  /** True when the client must show our msg (the code is not in its table). */
  readonly mapEnabled: boolean;
  readonly text: ErrorText | undefined;

  constructor(code: string, options: AppErrorOptions = {}) {
    const known = catalogueMessage(code);
    const english = options.text ? t(`errors:${options.text.key}`, 'en', options.text.values) : undefined;
    super(options.msg ?? english ?? known ?? code);
    this.text = options.text;
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? 200;
    this.data = options.data ?? null;
    this.mapEnabled = known === undefined || options.showMsg === true;
  }
}
