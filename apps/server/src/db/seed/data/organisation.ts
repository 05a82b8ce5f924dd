/** The demo dealer group: its regions, stores and the department templates used under each store node. */
export const groupName = '华驰汽车集团';

export interface RegionSeed {
  code: string;
  name: string;
  /** Item code in dictionary 1 (region). */
  regionDictCode: string;
  /** Where the regional office sits. */
  city: string;
}

export const regions: RegionSeed[] = [
  { code: 'east', name: '华东区', regionDictCode: 'east', city: '上海' },
  { code: 'south', name: '华南区', regionDictCode: 'south', city: '广州' },
  { code: 'north', name: '华北区', regionDictCode: 'north', city: '北京' },
  { code: 'southwest', name: '西南区', regionDictCode: 'southwest', city: '成都' },
];

export interface StoreSeed {
  code: string;
  name: string;
  /** `RegionSeed.code`, equal to the dictionary 1 item code. */
  regionCode: string;
  /** Dictionary 20 item code. */
  brandCode: string;
  /** Dictionary 19 item code. */
  typeCode: string;
  /** Dictionary 18 item code. */
  categoryCode: string;
  city: string;
  address: string;
  latitude: number;
  longitude: number;
  /** YYYY-MM-DD */
  openedOn: string;
}

export const stores: StoreSeed[] = [
  // 华东区
  {
    code: 'SH-BMW-01',
    name: '上海浦东宝马4S店',
    regionCode: 'east',
    brandCode: 'bmw',
    typeCode: 'direct',
    categoryCode: 'four_s',
    city: '上海',
    address: '上海市浦东新区龙阳路2099号',
    latitude: 31.2032,
    longitude: 121.5572,
    openedOn: '2006-05-18',
  },
  {
    code: 'SH-BENZ-01',
    name: '上海闵行奔驰4S店',
    regionCode: 'east',
    brandCode: 'benz',
    typeCode: 'joint',
    categoryCode: 'four_s',
    city: '上海',
    address: '上海市闵行区沪闵路6088号',
    latitude: 31.1506,
    longitude: 121.4120,
    openedOn: '2009-09-26',
  },
  {
    code: 'HZ-AUDI-01',
    name: '杭州西湖奥迪4S店',
    regionCode: 'east',
    brandCode: 'audi',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '杭州',
    address: '杭州市西湖区文一西路588号',
    latitude: 30.288,
    longitude: 120.099,
    openedOn: '2011-03-12',
  },
  {
    code: 'NJ-LEXUS-01',
    name: '南京建邺雷克萨斯4S店',
    regionCode: 'east',
    brandCode: 'lexus',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '南京',
    address: '南京市建邺区江东中路399号',
    latitude: 32.004,
    longitude: 118.732,
    openedOn: '2013-06-08',
  },
  {
    code: 'SU-PORSCHE-01',
    name: '苏州姑苏保时捷4S店',
    regionCode: 'east',
    brandCode: 'porsche',
    typeCode: 'joint',
    categoryCode: 'four_s',
    city: '苏州',
    address: '苏州市姑苏区西环路1288号',
    latitude: 31.3095,
    longitude: 120.5812,
    openedOn: '2015-10-20',
  },
  {
    code: 'NB-VOLVO-01',
    name: '宁波鄞州沃尔沃城市展厅',
    regionCode: 'east',
    brandCode: 'volvo',
    typeCode: 'franchise',
    categoryCode: 'showroom',
    city: '宁波',
    address: '宁波市鄞州区天童南路999号',
    latitude: 29.818,
    longitude: 121.548,
    openedOn: '2019-04-16',
  },
  // 华南区
  {
    code: 'GZ-BMW-01',
    name: '广州天河宝马4S店',
    regionCode: 'south',
    brandCode: 'bmw',
    typeCode: 'direct',
    categoryCode: 'four_s',
    city: '广州',
    address: '广州市天河区黄埔大道中668号',
    latitude: 23.126,
    longitude: 113.345,
    openedOn: '2007-08-08',
  },
  {
    code: 'GZ-BMW-02',
    name: '广州白云宝马二手车中心',
    regionCode: 'south',
    brandCode: 'bmw',
    typeCode: 'direct',
    categoryCode: 'used_car',
    city: '广州',
    address: '广州市白云区机场路1962号',
    latitude: 23.195,
    longitude: 113.27,
    openedOn: '2016-11-11',
  },
  {
    code: 'SZ-BENZ-01',
    name: '深圳南山奔驰4S店',
    regionCode: 'south',
    brandCode: 'benz',
    typeCode: 'joint',
    categoryCode: 'four_s',
    city: '深圳',
    address: '深圳市南山区深南大道10128号',
    latitude: 22.54,
    longitude: 113.97,
    openedOn: '2008-12-06',
  },
  {
    code: 'FS-AUDI-01',
    name: '佛山南海奥迪4S店',
    regionCode: 'south',
    brandCode: 'audi',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '佛山',
    address: '佛山市南海区桂城南海大道北83号',
    latitude: 23.034,
    longitude: 113.148,
    openedOn: '2012-05-20',
  },
  {
    code: 'DG-CADILLAC-01',
    name: '东莞南城凯迪拉克4S店',
    regionCode: 'south',
    brandCode: 'cadillac',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '东莞',
    address: '东莞市南城街道东莞大道428号',
    latitude: 23.005,
    longitude: 113.745,
    openedOn: '2014-09-09',
  },
  {
    code: 'NN-LEXUS-01',
    name: '南宁青秀雷克萨斯4S店',
    regionCode: 'south',
    brandCode: 'lexus',
    typeCode: 'franchise',
    categoryCode: 'four_s',
    city: '南宁',
    address: '南宁市青秀区民族大道158号',
    latitude: 22.818,
    longitude: 108.39,
    openedOn: '2017-07-01',
  },
  // 华北区
  {
    code: 'BJ-BENZ-01',
    name: '北京朝阳奔驰4S店',
    regionCode: 'north',
    brandCode: 'benz',
    typeCode: 'direct',
    categoryCode: 'four_s',
    city: '北京',
    address: '北京市朝阳区北四环东路102号',
    latitude: 39.985,
    longitude: 116.45,
    openedOn: '2005-10-18',
  },
  {
    code: 'BJ-PORSCHE-01',
    name: '北京海淀保时捷4S店',
    regionCode: 'north',
    brandCode: 'porsche',
    typeCode: 'joint',
    categoryCode: 'four_s',
    city: '北京',
    address: '北京市海淀区西三环北路72号',
    latitude: 39.95,
    longitude: 116.32,
    openedOn: '2010-04-28',
  },
  {
    code: 'TJ-BMW-01',
    name: '天津河西宝马4S店',
    regionCode: 'north',
    brandCode: 'bmw',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '天津',
    address: '天津市河西区友谊南路288号',
    latitude: 39.06,
    longitude: 117.215,
    openedOn: '2011-08-16',
  },
  {
    code: 'SJZ-AUDI-01',
    name: '石家庄长安奥迪4S店',
    regionCode: 'north',
    brandCode: 'audi',
    typeCode: 'franchise',
    categoryCode: 'four_s',
    city: '石家庄',
    address: '石家庄市长安区和平东路569号',
    latitude: 38.055,
    longitude: 114.55,
    openedOn: '2013-03-22',
  },
  {
    code: 'TY-VOLVO-01',
    name: '太原小店沃尔沃4S店',
    regionCode: 'north',
    brandCode: 'volvo',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '太原',
    address: '太原市小店区长风街116号',
    latitude: 37.82,
    longitude: 112.57,
    openedOn: '2015-06-30',
  },
  {
    code: 'HH-BMW-01',
    name: '呼和浩特赛罕宝马钣喷中心',
    regionCode: 'north',
    brandCode: 'bmw',
    typeCode: 'direct',
    categoryCode: 'body_paint',
    city: '呼和浩特',
    address: '呼和浩特市赛罕区大学东街129号',
    latitude: 40.817,
    longitude: 111.705,
    openedOn: '2018-05-15',
  },
  // 西南区
  {
    code: 'CD-BMW-01',
    name: '成都武侯宝马4S店',
    regionCode: 'southwest',
    brandCode: 'bmw',
    typeCode: 'joint',
    categoryCode: 'four_s',
    city: '成都',
    address: '成都市武侯区二环路南四段51号',
    latitude: 30.622,
    longitude: 104.039,
    openedOn: '2008-04-12',
  },
  {
    code: 'CD-LR-01',
    name: '成都锦江路虎4S店',
    regionCode: 'southwest',
    brandCode: 'land_rover',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '成都',
    address: '成都市锦江区三环路东五段588号',
    latitude: 30.605,
    longitude: 104.13,
    openedOn: '2012-10-10',
  },
  {
    code: 'CQ-BENZ-01',
    name: '重庆渝北奔驰4S店',
    regionCode: 'southwest',
    brandCode: 'benz',
    typeCode: 'direct',
    categoryCode: 'four_s',
    city: '重庆',
    address: '重庆市渝北区金开大道1666号',
    latitude: 29.63,
    longitude: 106.53,
    openedOn: '2009-06-18',
  },
  {
    code: 'CQ-AUDI-01',
    name: '重庆九龙坡奥迪4S店',
    regionCode: 'southwest',
    brandCode: 'audi',
    typeCode: 'joint',
    categoryCode: 'four_s',
    city: '重庆',
    address: '重庆市九龙坡区科园四路188号',
    latitude: 29.515,
    longitude: 106.47,
    openedOn: '2014-01-15',
  },
  {
    code: 'KM-LEXUS-01',
    name: '昆明官渡雷克萨斯4S店',
    regionCode: 'southwest',
    brandCode: 'lexus',
    typeCode: 'authorized',
    categoryCode: 'four_s',
    city: '昆明',
    address: '昆明市官渡区春城路289号',
    latitude: 24.86,
    longitude: 102.88,
    openedOn: '2016-08-08',
  },
  {
    code: 'GY-PORSCHE-01',
    name: '贵阳观山湖保时捷4S店',
    regionCode: 'southwest',
    brandCode: 'porsche',
    typeCode: 'franchise',
    categoryCode: 'four_s',
    city: '贵阳',
    address: '贵阳市观山湖区林城西路99号',
    latitude: 26.62,
    longitude: 106.6,
    openedOn: '2019-09-19',
  },
];

export interface DepartmentTemplate {
  code: string;
  name: string;
  /** Team nodes under the department (kind 'team'). */
  teams: string[];
}

/** Departments created under every store node. */
export const storeDepartments: DepartmentTemplate[] = [
  { code: 'sales', name: '销售部', teams: ['展厅销售一组', '展厅销售二组'] },
  { code: 'aftersales', name: '售后服务部', teams: ['服务接待组', '机电车间', '钣喷车间'] },
  { code: 'marketing', name: '市场部', teams: [] },
  { code: 'finance', name: '财务部', teams: [] },
  { code: 'hr_admin', name: '行政人事部', teams: [] },
  { code: 'customer_service', name: '客服部', teams: [] },
];

/** Departments of the group head office (directly under the group node). */
export const headOfficeDepartments: DepartmentTemplate[] = [
  { code: 'hr_center', name: '人力资源中心', teams: ['招聘组', '薪酬绩效组', '员工关系组'] },
  { code: 'finance_center', name: '财务中心', teams: ['核算组', '资金组'] },
  { code: 'operations_center', name: '运营管理中心', teams: [] },
  { code: 'it', name: '信息技术部', teams: [] },
];
