import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { ERROR_CODES, catalogueMessage } from '@mbo/contracts/error-catalogue';
import type { CheckLinkResponse, LinkType } from '@mbo/contracts/usercenter';
import { ApiError } from '@/lib/http/request';
import { checkLinkQueryOptions } from '../api/check-link';

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

  if (!token) return <LinkProblem type={type} code={ERROR_CODES.LINK_INVALID} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} aria-label="Checking the link" />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError) {
      return <LinkProblem type={type} code={error.code} message={error.message} onRetry={() => void query.refetch()} />;
    }
    return (
      <LinkProblem type={type} code="" message="The link could not be checked." onRetry={() => void query.refetch()} />
    );
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
  const title = catalogueMessage(code) ?? message ?? 'The link could not be checked.';
  const toLogin = (
    <Button key="login" type={type === 'INVITE' ? 'primary' : 'default'} onClick={() => navigate('/auth/login')}>
      Go to login
    </Button>
  );
  const newResetLink = (
    <Button key="new-link" type="primary" onClick={() => navigate('/auth/forgot_password')}>
      Request a new link
    </Button>
  );

  if (code === ERROR_CODES.LINK_EXPIRED || code === ERROR_CODES.LINK_INVALID) {
    const why =
      code === ERROR_CODES.LINK_EXPIRED
        ? type === 'RESET'
          ? 'Password reset links are valid for 30 minutes.'
          : 'Invitation links are valid for 7 days.'
        : 'It may have been used already, or it was not copied completely.';
    const next =
      type === 'RESET'
        ? 'Request a new link and use it within 30 minutes.'
        : 'Ask the owner or an administrator of your merchant account to send you a new invitation.';
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
        subTitle="Your account is already set up. Log in with your email and password, or reset the password if you have forgotten it."
        extra={[
          <Button key="login" type="primary" onClick={() => navigate('/auth/login')}>
            Go to login
          </Button>,
          <Button key="forgot" onClick={() => navigate('/auth/forgot_password')}>
            Forgot password?
          </Button>,
        ]}
      />
    );
  }
  return (
    <LinkResult
      status="error"
      title={title}
      subTitle="Check your connection and try again."
      extra={[
        onRetry ? (
          <Button key="retry" type="primary" onClick={onRetry}>
            Try again
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
