import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Chooses one project; pages over a single project share it. */
export function ProjectPicker({
  projects,
  value,
  onChange,
}: {
  projects: { projectId: string; name: string }[];
  value: string;
  onChange: (projectId: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="project-picker">Project</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="project-picker" className="w-72 max-w-full">
          <SelectValue placeholder="Choose a project" />
        </SelectTrigger>
        <SelectContent>
          {projects.map((project) => (
            <SelectItem key={project.projectId} value={project.projectId}>
              {project.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
