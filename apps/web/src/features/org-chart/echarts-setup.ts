import { TreeChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Named imports, so the bundler keeps only these parts; load-echarts.ts imports this module lazily.
echarts.use([TreeChart, TooltipComponent, SVGRenderer]);

export { echarts };
