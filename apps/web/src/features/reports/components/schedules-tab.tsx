import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { REPORT_SCHEDULES_LIST } from '@mbo/contracts/lists/report-schedules-list';
import type { ReportScheduleRecord } from '@mbo/contracts/report-schedules';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import ListTable from '@/components/list/list-table';
import { useListState } from '@/components/list/use-list-state';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import {
  deleteSchedule,
  listSchedulesQueryOptions,
  pauseSchedule,
  resumeSchedule,
  scheduleKeys,
} from '../api/report-schedules-api';
import ScheduleDrawer from './schedule-drawer';
import { schedulesTable, type ScheduleAction } from './schedules-table';

/**
 * The report centre's Schedules tab: the user's scheduled reports (REPORT_SCHEDULES_LIST by the list kit) with
 * their next and last run, "Schedule report" (a drawer), edit, pause or resume, and delete after a confirmation.
 */
export default function SchedulesTab() {
  const { t } = useTranslation('reports', { keyPrefix: 'schedules' });
  const { t: tReports } = useTranslation('reports');
  const label = useLabel();
  const { hasPermission } = useGlobalState();
  const blocked = hasPermission('API_REPORT_EXPORT') ? null : t('noPermission');
  const queryClient = useQueryClient();
  const list = useListState(REPORT_SCHEDULES_LIST);
  const page = useQuery({
    ...listSchedulesQueryOptions(list.pageNum, list.pageSize),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<ReportScheduleRecord | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  const resume = useMutation({ mutationFn: (id: string) => resumeSchedule(id), onSettled: refresh });

  const onAction = (action: ScheduleAction, r: ReportScheduleRecord) => {
    if (action === 'edit') setEditing(r);
    else if (action === 'resume') resume.mutate(r.scheduleId);
    else if (action === 'pause')
      setConfirm({
        title: t('pauseTitle', { name: r.name }),
        body: t('pauseBody'),
        okText: t('pauseOk'),
        run: () => pauseSchedule(r.scheduleId),
        onDone: () => void refresh(),
        failure: t('pauseFailed'),
      });
    else
      setConfirm({
        title: t('deleteTitle', { name: r.name }),
        body: t('deleteBody'),
        okText: t('deleteOk'),
        danger: true,
        run: () => deleteSchedule(r.scheduleId),
        onDone: () => void refresh(),
        failure: t('deleteFailed'),
      });
  };

  return (
    <section className="mbo-export-card" aria-labelledby="mbo-schedules">
      <div className="mbo-export-card__head">
        <Typography.Title level={2} id="mbo-schedules" className="mbo-export-card__title">
          {t('title')}
        </Typography.Title>
        <GuardedButton type="primary" icon={<ScheduleOutlined />} blocked={blocked} onClick={() => setEditing('new')}>
          {t('schedule')}
        </GuardedButton>
      </div>
      <ListTable<ReportScheduleRecord>
        list={list}
        query={page}
        pageSizes={[10, 20, 50, 100]}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={<span className="mbo-export-empty">{t('empty')}</span>}
          />
        }
        {...schedulesTable({
          t: tReports,
          label,
          blocked,
          busyId: resume.isPending ? (resume.variables ?? null) : null,
          onAction,
        })}
      />
      <ScheduleDrawer editing={editing} onClose={() => setEditing(null)} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
