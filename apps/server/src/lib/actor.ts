/** Who makes a call that changes money or its destinations: for the record, the audit and the mails. */
export interface MoneyActor {
  merchantId: string;
  userId: string | null;
  email: string | null;
  ip: string | null;
}

/** The actor of a signed-in request. */
export function actorOf(request: {
  auth: { merchantId: string; userId: string; email: string };
  ip: string;
}): MoneyActor {
  return {
    merchantId: request.auth.merchantId,
    userId: request.auth.userId,
    email: request.auth.email,
    ip: request.ip,
  };
}
