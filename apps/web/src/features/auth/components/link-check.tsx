import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { CheckLinkResponse, LinkType } from '@mbo/contracts/usercenter';
import { ApiError, catalogueText } from '@/lib/http/request';
import { checkLinkQueryOptions } from '../api/check-link';
import { useTranslation } from '@/i18n/use-translation';
import { i18n } from '@/i18n/i18n';

interface LinkCheckProps {
  type: LinkType;
  /** The `token` query parameter; empty when the link has none. */
  token: string;
  /** Rendered once the server has confirmed the link. */
  children: (link: CheckLinkResponse) => ReactNode;
}

/**
 * Checks an emailed link (reset or invitation) before its form is shown. A bad link shows the
 * catalogue's message inline (antd Result) with a way forward, never a toast.
 */
export function LinkCheck({ type, token, children }: LinkCheckProps) {
  const query = useQuery(checkLinkQueryOptions(type, token));
  const { t } = useTranslation('auth-links');

  if (!token) return <LinkProblem type={type} code={ERROR_CODES.LINK_INVALID} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} aria-label={t('link.checking')} />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError) {
      return <LinkProblem type={type} code={error.code} message={error.message} onRetry={() => void query.refetch()} />;
    }
    return <LinkProblem type={type} code="" message={t('link.couldNotCheck')} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

interface LinkProblemProps {
  type: LinkType;
  code: string;
  message?: string;
  onRetry?: () => void;
}

export function LinkProblem({ type, code, message, onRetry }: LinkProblemProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth-links');
  // The catalogue's message in the language in force (the `errors` namespace), else the call's.
  const known = i18n.exists(code, { ns: 'errors' });
  const title = known ? catalogueText(code) : (message ?? t('link.couldNotCheck'));
  const toLogin = (
    <Button key="login" type={type === 'INVITE' ? 'primary' : 'default'} onClick={() => navigate('/auth/login')}>
      {t('link.goToLogin')}
    </Button>
  );
  const newResetLink = (
    <Button key="new-link" type="primary" onClick={() => navigate('/auth/forgot_password')}>
      {t('link.newLink')}
    </Button>
  );

  if (code === ERROR_CODES.LINK_EXPIRED || code === ERROR_CODES.LINK_INVALID) {
    const why =
      code === ERROR_CODES.LINK_EXPIRED
        ? type === 'RESET'
          ? t('link.resetValidity')
          : t('link.inviteValidity')
        : t('link.usedOrIncomplete');
    const next = type === 'RESET' ? t('link.resetNext') : t('link.inviteNext');
    return (
      <LinkResult
        status={code === ERROR_CODES.LINK_EXPIRED ? 'warning' : 'error'}
        title={title}
        subTitle={`${why} ${next}`}
        extra={type === 'RESET' ? [newResetLink, toLogin] : [toLogin]}
      />
    );
  }
  if (code === ERROR_CODES.USER_ALREADY_ACTIVE) {
    return (
      <LinkResult
        status="info"
        title={title}
        subTitle={t('link.alreadyActive')}
        extra={[
          <Button key="login" type="primary" onClick={() => navigate('/auth/login')}>
            {t('link.goToLogin')}
          </Button>,
          <Button key="forgot" onClick={() => navigate('/auth/forgot_password')}>
            {t('link.forgot')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <LinkResult
      status="error"
      title={title}
      subTitle={t('link.checkConnection')}
      extra={[
        onRetry ? (
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('link.retry')}
          </Button>
        ) : null,
        toLogin,
      ]}
    />
  );
}

/** A Result sized for the auth card: less padding, and buttons that wrap with a gap on phones. */
function LinkResult({ extra, ...props }: Omit<ResultProps, 'extra'> & { extra: React.ReactNode[] }) {
  return (
    <Result
      {...props}
      style={{ padding: '8px 0 4px' }}
      extra={
        <Flex wrap gap={8} justify="center">
          {extra}
        </Flex>
      }
    />
  );
}
