import { Flex, Typography } from 'antd';

/** Where a person works: a store (none at head office), a department and a post, by name. */
export interface PlaceNames {
  store_name: string | null;
  department_name: string;
  post_name: string;
}

/** A place on one line: the store, then the department and post. */
export function placeText(place: PlaceNames): string {
  return [place.store_name, place.department_name, place.post_name].filter(Boolean).join(' · ');
}

/** A place in two lines, for a list: the store, then the department and post. */
export function PlaceLines({ place }: { place: PlaceNames }) {
  return (
    <Flex vertical>
      <span>{place.store_name ?? place.department_name}</span>
      <Typography.Text type="secondary">
        {place.store_name ? `${place.department_name} · ${place.post_name}` : place.post_name}
      </Typography.Text>
    </Flex>
  );
}
