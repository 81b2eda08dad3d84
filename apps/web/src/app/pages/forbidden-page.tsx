import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** The 403 page: a route the user may not open. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="You don't have access to this page"
      subTitle="Your role does not include this page. Ask an owner or admin of your account if you need it."
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          Back to home
        </Button>
      }
    />
  );
}
