import { catalogueMessage } from '@mbo/contracts/error-catalogue';

export interface AppErrorOptions {
  /** A message of our own; for codes the client table lacks it is shown as it is. */
  msg?: string;
  /** HTTP status; business errors answer 200 (430 and 431 for permission and session). */
  status?: number;
  data?: unknown;
  /** Show msg even for a code the client's table has (isGwErrorMapEnabled = 1): a system code with a clear cause. */
  showMsg?: boolean;
}

/** A business error: a catalogue code the client turns into a message. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  /** True when the client must show our msg (the code is not in its table). */
  readonly mapEnabled: boolean;

  constructor(code: string, options: AppErrorOptions = {}) {
    const known = catalogueMessage(code);
    super(options.msg ?? known ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? 200;
    this.data = options.data ?? null;
    this.mapEnabled = known === undefined || options.showMsg === true;
  }
}
