import { AimOutlined, CameraOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceMeters } from '@dealer-hr/shared/attendance/geo';
import { Permission } from '../../../components/permission';
import { ApiError } from '../../../lib/api-client';
import { CLOCK_KEY, clockIn, clockTodayQuery, uploadClockPhoto, type ClockToday } from '../clock-api';
import { DayResult } from '../day-result';
import { punchSource, usePosition, type PhonePosition, type PositionState } from './use-position';

const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The nearest enabled point of the store and whether the phone is inside any fence, as the server decides. */
function fenceOf(today: ClockToday, position: PhonePosition) {
  const measured = today.points.map((point) => ({
    point,
    distance: Math.round(distanceMeters(position, point)),
  }));
  const nearest = measured.reduce<(typeof measured)[number] | null>(
    (best, each) => (best === null || each.distance < best.distance ? each : best),
    null,
  );
  return { nearest, inside: measured.some(({ point, distance }) => distance <= point.radius) };
}

function useNow() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * `/attendance/clock` (考勤打卡): the employee's own clock-in, built for a phone. It follows the phone's
 * position, shows the store's fence and the distance to it, and punches with the position; the server decides
 * again from the same numbers. Out of the fence the punch is 外勤 where the group allows it, with a photo
 * where the group asks for one.
 */
export function ClockPage() {
  const { t } = useTranslation('attendance');
  const queryClient = useQueryClient();
  const today = useQuery(clockTodayQuery());
  const { located, retry } = usePosition();
  const now = useNow();
  const photoInput = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);

  const punch = useMutation({
    mutationFn: async (position: PhonePosition) => {
      const uploaded = photo ? await uploadClockPhoto(photo) : null;
      return clockIn({
        latitude: position.latitude,
        longitude: position.longitude,
        datum: 'wgs84',
        accuracy: Math.round(position.accuracy),
        source: punchSource(),
        photo_upload_id: uploaded?.id ?? null,
      });
    },
    onSuccess: (answer) => {
      setPhoto(null);
      queryClient.setQueryData(clockTodayQuery().queryKey, answer.today);
      void queryClient.invalidateQueries({ queryKey: [CLOCK_KEY], refetchType: 'none' });
    },
  });

  if (today.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  // A refusal (an account without an employee) says why; trying again helps only when the server or the
  // network failed.
  if (today.isError)
    return (
      <Alert type="error" title={isRefusal(today.error) ? today.error.message : t('clock.loadFailed')} />
    );
  const day = today.data;
  const position = located.status === 'located' ? located.position : null;
  const fence = position ? fenceOf(day, position) : null;
  // A store without points has no fence to be outside of: the server decides from the group's rule.
  const outside = fence?.nearest != null && !fence.inside;
  const refused = outside && day.group !== null && !day.group.allow_outside;
  const needsPhoto = outside && day.group?.outside_photo === true && photo === null;
  const label = day.punches.length === 0 ? t('clock.punchIn') : t('clock.punchOut');

  return (
    <Card title={t('clock.title')} style={{ maxWidth: 560, margin: '0 auto' }}>
      <Flex vertical gap={16}>
        {day.blocked && <Alert type="warning" showIcon title={day.blocked} />}
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: t('clock.employee'), children: day.employee_name },
            { key: 'day', label: t('clock.day'), children: day.day },
            { key: 'store', label: t('clock.store'), children: day.store?.name ?? '-' },
            {
              key: 'shift',
              label: t('clock.shift'),
              children: day.group?.shift
                ? `${day.group.shift.name} ${day.group.shift.start}-${day.group.shift.end}`
                : day.group
                  ? t(`groupKinds.${day.group.kind}`)
                  : '-',
            },
          ]}
        />
        <PositionLine located={located} fence={fence} hasPoints={day.points.length > 0} onRetry={retry} />
        {outside && day.group?.allow_outside && (
          <Alert
            type="info"
            showIcon
            title={day.group.outside_photo ? t('clock.outsideWithPhoto') : t('clock.outsideAllowed')}
          />
        )}
        {outside && day.group?.outside_photo && (
          <Flex gap={8} align="center" wrap>
            <input
              ref={photoInput}
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={t('clock.photo')}
              style={{ display: 'none' }}
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            />
            <Button icon={<CameraOutlined />} onClick={() => photoInput.current?.click()}>
              {photo ? t('clock.photoRetake') : t('clock.photo')}
            </Button>
            {photo && <Typography.Text type="secondary">{photo.name}</Typography.Text>}
          </Flex>
        )}
        <Permission name="attendance:clock:punch">
          <Flex vertical align="center" gap={8}>
            <Button
              type="primary"
              shape="circle"
              icon={<AimOutlined />}
              disabled={!position || refused || needsPhoto || day.blocked !== null}
              loading={punch.isPending}
              onClick={() => position && punch.mutate(position)}
              style={{ width: 148, height: 148, fontSize: 18, flexDirection: 'column' }}
            >
              <span>{outside ? t('clock.punchOutside') : label}</span>
              <span style={{ fontSize: 14, fontVariantNumeric: 'tabular-nums' }}>
                {now.format('HH:mm:ss')}
              </span>
            </Button>
          </Flex>
        </Permission>
        <div>
          <Typography.Title level={5}>{t('clock.todayPunches')}</Typography.Title>
          {day.punches.length === 0 ? (
            <Typography.Text type="secondary">{t('clock.noPunches')}</Typography.Text>
          ) : (
            <Timeline
              items={day.punches.map((row) => ({
                key: row.id,
                color: row.in_fence ? 'green' : 'orange',
                content: (
                  <Flex gap={8} wrap align="center">
                    <strong>{dayjs(row.punched_at).format('HH:mm:ss')}</strong>
                    <Tag color={row.in_fence ? 'green' : 'orange'}>
                      {row.in_fence ? t('records.inFence') : t('records.outFence')}
                    </Tag>
                    {row.distance !== null && (
                      <Typography.Text type="secondary">
                        {t('clock.metresAway', { distance: row.distance })}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              }))}
            />
          )}
        </div>
        {day.result && (
          <div>
            <Typography.Title level={5}>{t('clock.result')}</Typography.Title>
            <DayResult day={day.result} inProgress />
          </div>
        )}
      </Flex>
    </Card>
  );
}

function PositionLine({
  located,
  fence,
  hasPoints,
  onRetry,
}: {
  located: PositionState;
  fence: ReturnType<typeof fenceOf> | null;
  hasPoints: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation('attendance');
  if (located.status === 'locating') return <Alert type="info" showIcon title={t('clock.locating')} />;
  if (located.status !== 'located')
    return (
      <Alert
        type="error"
        showIcon
        title={t(`clock.position.${located.status}`)}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('clock.retry')}
          </Button>
        }
      />
    );
  if (!hasPoints || !fence?.nearest) return <Alert type="warning" showIcon title={t('clock.noPoints')} />;
  const { point, distance } = fence.nearest;
  return (
    <Alert
      type={fence.inside ? 'success' : 'warning'}
      showIcon
      title={
        fence.inside
          ? t('clock.inside', { name: point.name, distance, radius: point.radius })
          : t('clock.outside', { name: point.name, distance, radius: point.radius })
      }
      description={t('clock.accuracy', { accuracy: Math.round(located.position.accuracy) })}
    />
  );
}
