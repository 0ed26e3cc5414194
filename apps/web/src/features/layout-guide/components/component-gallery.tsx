import { Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { WithTooltip } from '@/components/ui/tooltip';

function Sample({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">{children}</CardContent>
    </Card>
  );
}

/** The shared UI components, live: what a page can be built from. */
export function ComponentGallery() {
  const [view, setView] = useState('grid');
  const [size, setSize] = useState('md');
  return (
    <section aria-labelledby="gallery-title" className="grid gap-3">
      <h2 id="gallery-title" className="text-lg font-semibold">
        Components
      </h2>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Sample title="Button">
          <Button>Default</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="destructive">Destructive</Button>
          <Button variant="link">Link</Button>
        </Sample>
        <Sample title="Badge">
          <Badge>Default</Badge>
          <Badge variant="secondary">Secondary</Badge>
          <Badge variant="outline">Outline</Badge>
        </Sample>
        <Sample title="Input and label">
          <div className="grid w-full gap-2">
            <Label htmlFor="guide-input">Project name</Label>
            <Input id="guide-input" placeholder="Office Tower" />
          </div>
        </Sample>
        <Sample title="Toggle group">
          <ToggleGroup type="single" value={view} onValueChange={(v) => v && setView(v)} aria-label="View">
            <ToggleGroupItem value="grid">Grid</ToggleGroupItem>
            <ToggleGroupItem value="list">List</ToggleGroupItem>
            <ToggleGroupItem value="table">Table</ToggleGroupItem>
          </ToggleGroup>
          <span className="text-sm text-muted-foreground">Selected: {view}</span>
        </Sample>
        <Sample title="Select">
          <Select value={size} onValueChange={setSize}>
            <SelectTrigger className="w-40" aria-label="Size">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="sm">Small</SelectItem>
              <SelectItem value="md">Medium</SelectItem>
              <SelectItem value="lg">Large</SelectItem>
            </SelectContent>
          </Select>
        </Sample>
        <Sample title="Tooltip and spinner">
          <WithTooltip content="Tooltips appear after 700 ms">
            <Button variant="outline">Hover me</Button>
          </WithTooltip>
          <Separator orientation="vertical" className="h-6" />
          <Spinner label="Spinner (busy state)" />
        </Sample>
        <Card className="md:col-span-2 xl:col-span-3">
          <CardHeader className="pb-3">
            <CardTitle className="text-base">Card and alert</CardTitle>
            <CardDescription>Cards group content; alerts report outcomes.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 md:grid-cols-3">
            <Alert>
              <Info aria-hidden="true" />
              <AlertTitle>Note</AlertTitle>
              <AlertDescription>Neutral information.</AlertDescription>
            </Alert>
            <Alert variant="success">
              <AlertTitle>Success</AlertTitle>
              <AlertDescription>Changes saved.</AlertDescription>
            </Alert>
            <Alert variant="destructive" role="note">
              <AlertTitle>Error</AlertTitle>
              <AlertDescription>Something went wrong.</AlertDescription>
            </Alert>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
