import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { REPORT_SCHEDULES_LIST } from '@mbo/contracts/lists/report-schedules-list';
import type { ReportScheduleRecord } from '@mbo/contracts/report-schedules';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import ListTable from '@/components/list/list-table';
import { useListState } from '@/components/list/use-list-state';
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

const NO_PERMISSION = 'Your role cannot create exports (API_REPORT_EXPORT), so it cannot schedule them.';

/**
 * The report centre's Schedules tab: the user's scheduled reports (REPORT_SCHEDULES_LIST by the list kit) with
 * their next and last run, "Schedule report" (a drawer), edit, pause or resume, and delete after a confirmation.
 */
export default function SchedulesTab() {
  const { hasPermission } = useGlobalState();
  const blocked = hasPermission('API_REPORT_EXPORT') ? null : NO_PERMISSION;
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
        title: `Pause ${r.name}?`,
        body: 'It does not run until you resume it; the runs it would have made meanwhile are not made up later.',
        okText: 'Pause schedule',
        run: () => pauseSchedule(r.scheduleId),
        onDone: () => void refresh(),
        failure: 'The schedule could not be paused. Please try again.',
      });
    else
      setConfirm({
        title: `Delete ${r.name}?`,
        body: 'It stops for good and its recipients get no more reports. The reports it already made stay in the report centre.',
        okText: 'Delete schedule',
        danger: true,
        run: () => deleteSchedule(r.scheduleId),
        onDone: () => void refresh(),
        failure: 'The schedule could not be deleted. Please try again.',
      });
  };

  return (
    <section className="mbo-export-card" aria-labelledby="mbo-schedules">
      <div className="mbo-export-card__head">
        <Typography.Title level={2} id="mbo-schedules" className="mbo-export-card__title">
          Scheduled reports
        </Typography.Title>
        <GuardedButton type="primary" icon={<ScheduleOutlined />} blocked={blocked} onClick={() => setEditing('new')}>
          Schedule report
        </GuardedButton>
      </div>
      <ListTable<ReportScheduleRecord>
        list={list}
        query={page}
        pageSizes={[10, 20, 50, 100]}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span className="mbo-export-empty">
                No scheduled reports yet. Schedule one to have it built every day, week or month and its link emailed to
                your team.
              </span>
            }
          />
        }
        {...schedulesTable({
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
