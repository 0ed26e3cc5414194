/** A GlobalId for instance #n (n below 100: 22 characters, as IFC writes them). */
export const guid = (n: number) => `'${String(n).padStart(2, '0')}vctVUKr0kugbFTf53O9L'`;
/** A project with `units`, its site, building and storey, and walls #20 and #22 in the storey. */
export const twoWallsWith = (units: string[], unitIds: string) => [
  `#1=IFCPROJECT(${guid(1)},$,'P',$,$,$,$,$,#3);`,
  `#3=IFCUNITASSIGNMENT((${unitIds}));`,
  ...units,
  `#10=IFCSITE(${guid(10)},$,'S',$,$,$,$,$,.ELEMENT.,$,$,$,$,$);`,
  `#11=IFCBUILDING(${guid(11)},$,'B',$,$,$,$,$,.ELEMENT.,$,$,$);`,
  `#12=IFCBUILDINGSTOREY(${guid(12)},$,'L1',$,$,$,$,$,.ELEMENT.,10.);`,
  `#13=IFCRELAGGREGATES(${guid(13)},$,$,$,#1,(#10));`,
  `#14=IFCRELAGGREGATES(${guid(14)},$,$,$,#10,(#11));`,
  `#15=IFCRELAGGREGATES(${guid(15)},$,$,$,#11,(#12));`,
  `#20=IFCWALL(${guid(20)},$,'W1',$,$,$,$,$,$);`,
  `#22=IFCWALL(${guid(22)},$,'W2',$,$,$,$,$,.PARTITIONING.);`,
  `#21=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(21)},$,$,$,(#20,#22),#12);`,
];
